ALTER TABLE "email_deliveries" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "to_email" text;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "text_body" text;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "html_body" text;