-- Shopify signs with the shop's own secret only: a connection waits for it (no secret sealed yet).
ALTER TABLE "integrations" ALTER COLUMN "secret_sealed" DROP NOT NULL;--> statement-breakpoint
-- Shopify: the one topic that starts the delay (paid | fulfilled); the other is acknowledged and ignored.
ALTER TABLE "integrations" ADD COLUMN "delay_start" text;--> statement-breakpoint
UPDATE "integrations" SET "delay_start" = 'fulfilled' WHERE "platform" = 'shopify';--> statement-breakpoint
-- PrestaShop: the shop's timezone, in which its dates (no zone) are read.
ALTER TABLE "integrations" ADD COLUMN "timezone" text DEFAULT 'Europe/Paris' NOT NULL;--> statement-breakpoint
-- PrestaShop: the keyset cursor is (pulled_until, pulled_after_id), the last order read.
ALTER TABLE "integrations" ADD COLUMN "pulled_after_id" bigint;--> statement-breakpoint
-- The last 'Synchroniser maintenant' (rate limit per connection).
ALTER TABLE "integrations" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
-- A replayed delivery under a new delivery id: the same raw body, recognised per connection.
ALTER TABLE "integration_events" ADD COLUMN "body_sha256" text;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_events_body_unique" ON "integration_events" USING btree ("integration_id","body_sha256");
