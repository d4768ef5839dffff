-- Issue 42: an import counts orders and products apart, the orders it completed, skipped (cancelled or refunded) or
-- recorded without e-mail, and names the products it created.
ALTER TABLE "order_imports" ADD COLUMN "orders_created" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_imports" ADD COLUMN "orders_completed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_imports" ADD COLUMN "lines_added" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_imports" ADD COLUMN "skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_imports" ADD COLUMN "orders_skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_imports" ADD COLUMN "orders_unmailed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_imports" ADD COLUMN "new_products" jsonb DEFAULT '[]'::jsonb NOT NULL;
