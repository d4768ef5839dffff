DROP INDEX "orders_company_reference_unique";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "line" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_company_reference_line_unique" ON "orders" USING btree ("company_id","reference","line");
