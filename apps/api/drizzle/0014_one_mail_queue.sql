ALTER TABLE "email_deliveries" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "lease_token" uuid;--> statement-breakpoint
CREATE INDEX "email_deliveries_account_due_idx" ON "email_deliveries" USING btree ("scheduled_at") WHERE "email_deliveries"."kind" = 'account' AND "email_deliveries"."status" = 'scheduled';--> statement-breakpoint
INSERT INTO "email_deliveries" ("kind", "status", "scheduled_at", "attempts", "to_email", "subject", "text_body", "html_body", "code", "created_at")
  SELECT 'account', 'scheduled', "scheduled_at", "attempts", "message"->>'to', "message"->>'subject', "message"->>'text', "message"->>'html', "message"->>'code', "created_at"
  FROM "outbox_mails" WHERE "status" IN ('pending', 'sending');--> statement-breakpoint
DROP TABLE "outbox_mails" CASCADE;
