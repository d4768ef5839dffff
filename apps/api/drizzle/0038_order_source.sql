-- How an order came in (read on its head, line 0) (api | csv | shopify | woocommerce | prestashop), for the back-office's Commandes.
-- A constant default: no rewrite of the table. Orders recorded before this say 'api', except those a
-- connection recorded (found through its journal, a small table) and those of an import (not linked).
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "source" = i."platform"
FROM "integration_events" e JOIN "integrations" i ON i."id" = e."integration_id"
WHERE e."order_id" = "orders"."id" AND "orders"."line" = 0;--> statement-breakpoint
-- 'Renvoyer' once: when a failed e-mail was queued again by hand.
ALTER TABLE "email_deliveries" ADD COLUMN "resent_at" timestamp with time zone;
