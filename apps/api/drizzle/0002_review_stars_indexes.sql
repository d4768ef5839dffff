ALTER TABLE "reviews" ADD COLUMN "stars" smallint GENERATED ALWAYS AS (floor("rating" + 0.5)) STORED;--> statement-breakpoint
CREATE INDEX "reviews_company_status_stars_created_idx" ON "reviews" USING btree ("company_id","status","stars","created_at");--> statement-breakpoint
CREATE INDEX "reviews_product_stars_created_idx" ON "reviews" USING btree ("product_id","stars","created_at");--> statement-breakpoint
CREATE INDEX "reviews_product_status_stars_created_idx" ON "reviews" USING btree ("product_id","status","stars","created_at");