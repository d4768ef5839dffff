ALTER TABLE "companies" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "review_digest_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_alerts" text DEFAULT 'negative' NOT NULL;