-- pg_trgm: the reviews search (ILIKE '%…%') through a trigram index. PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "review_stats" (
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"status" text NOT NULL,
	"stars" smallint NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"rating_sum" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "review_stats_company_id_product_id_status_stars_pk" PRIMARY KEY("company_id","product_id","status","stars")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "search_text" text GENERATED ALWAYS AS ("comment" || chr(10) || "title" || chr(10) || "author_first_name" || ' ' || "author_last_name") STORED;--> statement-breakpoint
CREATE INDEX "reviews_search_trgm_idx" ON "reviews" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- review_stats stays exact: every statement on reviews adds its new rows and takes away its old ones,
-- grouped by key and applied in key order (two moderations never lock the same rows in opposite orders).
CREATE FUNCTION review_stats_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_stats AS s (company_id, product_id, status, stars, reviews, rating_sum)
  SELECT company_id, product_id, status, floor(rating + 0.5)::smallint, count(*), sum(rating)
  FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, product_id, status, stars) DO UPDATE
    SET reviews = s.reviews + excluded.reviews, rating_sum = s.rating_sum + excluded.rating_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION review_stats_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_stats AS s (company_id, product_id, status, stars, reviews, rating_sum)
  SELECT company_id, product_id, status, floor(rating + 0.5)::smallint, -count(*), -sum(rating)
  FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, product_id, status, stars) DO UPDATE
    SET reviews = s.reviews + excluded.reviews, rating_sum = s.rating_sum + excluded.rating_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION review_stats_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_stats AS s (company_id, product_id, status, stars, reviews, rating_sum)
  SELECT company_id, product_id, status, stars, sum(n), sum(total)
  FROM (
    SELECT company_id, product_id, status, floor(rating + 0.5)::smallint AS stars, -1 AS n, -rating AS total
    FROM old_rows
    UNION ALL
    SELECT company_id, product_id, status, floor(rating + 0.5)::smallint, 1, rating FROM new_rows
  ) d
  GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(total) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, product_id, status, stars) DO UPDATE
    SET reviews = s.reviews + excluded.reviews, rating_sum = s.rating_sum + excluded.rating_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER review_stats_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_stats_after_insert();--> statement-breakpoint
CREATE TRIGGER review_stats_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_stats_after_delete();--> statement-breakpoint
CREATE TRIGGER review_stats_update AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_stats_after_update();--> statement-breakpoint
INSERT INTO review_stats (company_id, product_id, status, stars, reviews, rating_sum)
SELECT company_id, product_id, status, floor(rating + 0.5)::smallint, count(*), sum(rating)
FROM reviews GROUP BY 1, 2, 3, 4;
