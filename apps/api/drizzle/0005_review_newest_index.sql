DROP INDEX "reviews_company_created_idx";--> statement-breakpoint
CREATE INDEX "reviews_company_created_id_idx" ON "reviews" USING btree ("company_id","created_at","id");