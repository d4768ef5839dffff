-- A half star counts in the lower bucket (domain `starBucket`: 3.5 → 3 étoiles, 4.99 → 4, a rating
-- under 1 in 1): `reviews.stars` becomes the rating's whole stars. PostgreSQL before 17 cannot change a
-- generated column's expression: the column goes (its three indexes with it) and comes back.
ALTER TABLE "reviews" DROP COLUMN "stars";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "stars" smallint GENERATED ALWAYS AS (floor("rating")) STORED;--> statement-breakpoint
CREATE INDEX "reviews_company_status_stars_created_idx" ON "reviews" USING btree ("company_id","status","stars","created_at");--> statement-breakpoint
CREATE INDEX "reviews_product_stars_created_idx" ON "reviews" USING btree ("product_id","stars","created_at");--> statement-breakpoint
CREATE INDEX "reviews_product_status_stars_created_idx" ON "reviews" USING btree ("product_id","status","stars","created_at");--> statement-breakpoint
-- review_stats counts by the column (its functions of migration 0001 computed the old rounding).
CREATE OR REPLACE FUNCTION review_stats_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_stats AS s (company_id, product_id, status, stars, reviews, rating_sum)
  SELECT company_id, product_id, status, stars, count(*), sum(rating)
  FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, product_id, status, stars) DO UPDATE
    SET reviews = s.reviews + excluded.reviews, rating_sum = s.rating_sum + excluded.rating_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_stats_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_stats AS s (company_id, product_id, status, stars, reviews, rating_sum)
  SELECT company_id, product_id, status, stars, -count(*), -sum(rating)
  FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, product_id, status, stars) DO UPDATE
    SET reviews = s.reviews + excluded.reviews, rating_sum = s.rating_sum + excluded.rating_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_stats_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_stats AS s (company_id, product_id, status, stars, reviews, rating_sum)
  SELECT company_id, product_id, status, stars, sum(n), sum(total)
  FROM (
    SELECT company_id, product_id, status, stars, -1 AS n, -rating AS total
    FROM old_rows
    UNION ALL
    SELECT company_id, product_id, status, stars, 1, rating FROM new_rows
  ) d
  GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(total) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, product_id, status, stars) DO UPDATE
    SET reviews = s.reviews + excluded.reviews, rating_sum = s.rating_sum + excluded.rating_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The rows already there, counted again.
DELETE FROM review_stats;--> statement-breakpoint
INSERT INTO review_stats (company_id, product_id, status, stars, reviews, rating_sum)
SELECT company_id, product_id, status, stars, count(*), sum(rating)
FROM reviews GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- insight_days' star counts, from the published reviews by their day of publication (UTC), as the
-- triggers of migration 0023 count them (they read `stars`); its other counters stay as they are.
UPDATE insight_days SET stars_1 = 0, stars_2 = 0, stars_3 = 0, stars_4 = 0, stars_5 = 0
WHERE stars_1 <> 0 OR stars_2 <> 0 OR stars_3 <> 0 OR stars_4 <> 0 OR stars_5 <> 0;--> statement-breakpoint
INSERT INTO insight_days AS t (company_id, product_id, day, stars_1, stars_2, stars_3, stars_4, stars_5)
SELECT company_id, product_id, (published_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE stars <= 1),
  count(*) FILTER (WHERE stars = 2), count(*) FILTER (WHERE stars = 3), count(*) FILTER (WHERE stars = 4),
  count(*) FILTER (WHERE stars >= 5)
FROM reviews WHERE status = 'approved' AND published_at IS NOT NULL
GROUP BY 1, 2, 3
ON CONFLICT (company_id, day, product_id) DO UPDATE SET
  stars_1 = excluded.stars_1, stars_2 = excluded.stars_2, stars_3 = excluded.stars_3,
  stars_4 = excluded.stars_4, stars_5 = excluded.stars_5;
