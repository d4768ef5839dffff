ALTER TABLE "reviews" drop column "search_text";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("comment" || chr(10) || "title" || chr(10) || "author_first_name" || ' ' || "author_last_name")) STORED;--> statement-breakpoint
-- Dropping the column dropped its trigram index: built again on the new column.
CREATE INDEX "reviews_search_trgm_idx" ON "reviews" USING gin ("search_text" gin_trgm_ops);
