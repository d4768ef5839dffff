-- Integration events are taken by the leased queue (lib/leased-queue), like e-mails and webhooks: `status`
-- is the queue's state (scheduled, sending while leased, done), `outcome` stays what came of the event.
-- Constant defaults add the columns without rewriting the table; a row is done unless it is an event to
-- take, so only the pending few are updated.
ALTER TABLE "integration_events" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_events" ADD COLUMN "lease_token" uuid;--> statement-breakpoint
ALTER TABLE "integration_events" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integration_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "integration_events" SET "status" = 'scheduled' WHERE "outcome" = 'pending';
