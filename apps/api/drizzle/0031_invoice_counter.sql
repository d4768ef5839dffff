-- Invoice numbers are taken from this one row, locked by the transaction that issues a new invoice
-- (modules/billing/invoice-numbers.ts): a rolled-back issue or a repeated delivery takes none, unlike
-- the sequence it replaces. Numbers already issued stay as they are.
CREATE TABLE "invoice_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"last_number" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "invoice_counter" ("id", "last_number") SELECT 1, coalesce(max("number"), 0) FROM "invoices";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "number" DROP DEFAULT;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "invoices_number_seq";
