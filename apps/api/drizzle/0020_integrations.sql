CREATE TABLE "integration_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integration_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"delivery_id" text NOT NULL,
	"topic" text NOT NULL,
	"payload" text,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"reason" text,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"shop_url" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"last_event_at" timestamp with time zone,
	"states" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pulled_until" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "integration_events" ADD CONSTRAINT "integration_events_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_events" ADD CONSTRAINT "integration_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_events" ADD CONSTRAINT "integration_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_events_delivery_unique" ON "integration_events" USING btree ("integration_id","delivery_id");--> statement-breakpoint
CREATE INDEX "integration_events_integration_received_idx" ON "integration_events" USING btree ("integration_id","created_at");--> statement-breakpoint
CREATE INDEX "integration_events_pending_idx" ON "integration_events" USING btree ("outcome","created_at");--> statement-breakpoint
CREATE INDEX "integrations_company_created_idx" ON "integrations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_company_external_id_unique" ON "products" USING btree ("company_id","external_id");