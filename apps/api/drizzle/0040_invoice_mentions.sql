ALTER TABLE "companies" ADD COLUMN "billing_siren" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_vat_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_siren" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_vat_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_cents" integer;
