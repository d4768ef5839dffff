ALTER TABLE "invoices" ADD COLUMN "number" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_address" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");