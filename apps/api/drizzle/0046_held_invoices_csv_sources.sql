-- Issue 42. Two things in this migration:
--
-- 1. Orders a CSV import recorded before 0038 say 'api': 0038 found the connections' orders through
-- their journal, but an import keeps no link to its orders. What it does keep is when it ran (from
-- `created_at` to `finished_at`, or its last `heartbeat_at` for one that never finished) and how many
-- order lines it created (`created`); each batch stamps its orders' `created_at` inside that window.
-- An import from before 0039 (`orders_created` still 0, and nothing 'csv' yet) whose window holds
-- exactly `created` lines of its company that still say 'api' made them all: they say 'csv'. A window
-- holding more (an API call or a connection's order during the import) or fewer (lines deleted since)
-- cannot be told apart: its orders keep 'api'.
UPDATE "orders" SET "source" = 'csv'
FROM (
  SELECT o."id"
  FROM "order_imports" i
  JOIN "orders" o ON o."company_id" = i."company_id" AND o."source" = 'api'
    AND o."created_at" >= i."created_at" AND o."created_at" <= coalesce(i."finished_at", i."heartbeat_at")
  WHERE i."created" > 0 AND i."orders_created" = 0 AND i."id" IN (
    SELECT i2."id"
    FROM "order_imports" i2
    JOIN "orders" o2 ON o2."company_id" = i2."company_id" AND o2."source" = 'api'
      AND o2."created_at" >= i2."created_at" AND o2."created_at" <= coalesce(i2."finished_at", i2."heartbeat_at")
    WHERE i2."created" > 0 AND i2."orders_created" = 0
    GROUP BY i2."id", i2."created"
    HAVING count(*) = i2."created"
  )
) imported
WHERE "orders"."id" = imported."id";--> statement-breakpoint
-- 2. A renewal's invoice for a company without billing address waits for it (an invoice is never
-- issued without one): issued with its number once the address is given (billing/held-invoices.ts).
CREATE TABLE "held_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider_ref" text NOT NULL,
	"subscription_type" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"invoice_url" text,
	"paid_at" timestamp with time zone,
	"payment_method" text,
	"credit_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "held_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
CREATE UNIQUE INDEX "held_invoices_provider_ref_unique" ON "held_invoices" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "held_invoices_company_idx" ON "held_invoices" USING btree ("company_id","created_at");
