CREATE TABLE "order_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"filename" text DEFAULT '' NOT NULL,
	"encoding" text NOT NULL,
	"separator" text NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"existing" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detail" text,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_imports" ADD CONSTRAINT "order_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_imports_one_running_per_company" ON "order_imports" USING btree ("company_id") WHERE "order_imports"."status" = 'running';--> statement-breakpoint
CREATE INDEX "order_imports_company_created_idx" ON "order_imports" USING btree ("company_id","created_at");