ALTER TABLE "companies" ADD COLUMN "scheduled_plan_type" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "stripe_schedule_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_address" text;--> statement-breakpoint
UPDATE "invoices" SET "buyer_name" = "companies"."name", "buyer_address" = "companies"."billing_address" FROM "companies" WHERE "companies"."id" = "invoices"."company_id";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "buyer_name" SET NOT NULL;
