-- Issue 42: an import counts orders and products apart, the orders it completed, skipped (cancelled or refunded) or
-- recorded without e-mail, and names the products it created.
ALTER TABLE "order_imports" ADD COLUMN "orders_created" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_imports" ADD COLUMN "orders_completed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_imports" ADD COLUMN "lines_added" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_imports" ADD COLUMN "skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_imports" ADD COLUMN "orders_skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_imports" ADD COLUMN "orders_unmailed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_imports" ADD COLUMN "new_products" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Issue 42 §3: PrestaShop's first pull reads the period the owner chose (30 days by default).
ALTER TABLE "integrations" ADD COLUMN "first_pull_days" integer;
