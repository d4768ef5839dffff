-- The published reviews per UTC day of publication and star bucket, for the public pages' page numbers:
-- `/avis/{slug}?page=40000` finds the day its first review falls on by summing these rows (a row a day),
-- then reads the reviews of that day and the next ones only, instead of skipping 800,000 rows by OFFSET.
-- Per company and subject (`product_id` the nil UUID: the company page's product reviews, or its store
-- reviews), and per product (a product's page). Kept exact by statement triggers on `reviews`, like
-- `review_stats` (migration 0035); star buckets as the pages' filter (under 1 counts as 1). With their
-- rating sum, the company's rows of store reviews also give the statistics' store rating of a period.
CREATE TABLE "review_page_days" (
	"company_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"product_id" uuid NOT NULL,
	"day" date NOT NULL,
	"stars_1" integer DEFAULT 0 NOT NULL,
	"stars_2" integer DEFAULT 0 NOT NULL,
	"stars_3" integer DEFAULT 0 NOT NULL,
	"stars_4" integer DEFAULT 0 NOT NULL,
	"stars_5" integer DEFAULT 0 NOT NULL,
	"rating_sum" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "review_page_days_company_id_subject_product_id_day_pk" PRIMARY KEY("company_id","subject","product_id","day")
);--> statement-breakpoint
-- The SQL that applies reviews (`%1$s`: a query of them with a `delta`): each approved one counts on its
-- publication day for its company and subject, and a product review for its product too.
CREATE FUNCTION review_page_days_sql() RETURNS text IMMUTABLE LANGUAGE sql AS $f$
SELECT $q$
WITH r AS (%1$s),
events AS (
  SELECT company_id, subject, '00000000-0000-0000-0000-000000000000'::uuid AS product_id,
    (published_at AT TIME ZONE 'UTC')::date AS day, least(greatest(stars, 1), 5) AS note, rating, delta
  FROM r WHERE status = 'approved'
  UNION ALL
  SELECT company_id, subject, product_id, (published_at AT TIME ZONE 'UTC')::date,
    least(greatest(stars, 1), 5), rating, delta
  FROM r WHERE status = 'approved' AND product_id IS NOT NULL
)
INSERT INTO review_page_days AS t (company_id, subject, product_id, day, stars_1, stars_2, stars_3, stars_4, stars_5,
  rating_sum)
SELECT company_id, subject, product_id, day, sum(delta * (note = 1)::int), sum(delta * (note = 2)::int),
  sum(delta * (note = 3)::int), sum(delta * (note = 4)::int), sum(delta * (note = 5)::int), sum(delta * rating)
FROM events WHERE day IS NOT NULL
GROUP BY 1, 2, 3, 4
HAVING sum(delta * (note = 1)::int) <> 0 OR sum(delta * (note = 2)::int) <> 0 OR sum(delta * (note = 3)::int) <> 0
  OR sum(delta * (note = 4)::int) <> 0 OR sum(delta * (note = 5)::int) <> 0
ORDER BY 1, 2, 3, 4
ON CONFLICT (company_id, subject, product_id, day) DO UPDATE SET
  stars_1 = t.stars_1 + excluded.stars_1, stars_2 = t.stars_2 + excluded.stars_2,
  stars_3 = t.stars_3 + excluded.stars_3, stars_4 = t.stars_4 + excluded.stars_4,
  stars_5 = t.stars_5 + excluded.stars_5, rating_sum = t.rating_sum + excluded.rating_sum
$q$
$f$;--> statement-breakpoint
CREATE FUNCTION review_page_days_after_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format(review_page_days_sql(), $s$SELECT *, 1 AS delta FROM new_rows$s$);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(review_page_days_sql(), $s$SELECT *, -1 AS delta FROM old_rows$s$);
  ELSE
    -- Only the rows whose counted columns changed (a moderation, a withdrawal; not a reply or a stamp).
    EXECUTE format(review_page_days_sql(), $s$
      WITH changed AS (
        SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.rating, o.published_at, o.subject, o.product_id, o.company_id)
          IS DISTINCT FROM (n.status, n.rating, n.published_at, n.subject, n.product_id, n.company_id)
      )
      SELECT *, -1 AS delta FROM old_rows WHERE id IN (SELECT id FROM changed)
      UNION ALL
      SELECT *, 1 AS delta FROM new_rows WHERE id IN (SELECT id FROM changed)$s$);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER review_page_days_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_page_days_after_reviews();--> statement-breakpoint
CREATE TRIGGER review_page_days_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_page_days_after_reviews();--> statement-breakpoint
CREATE TRIGGER review_page_days_update AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_page_days_after_reviews();--> statement-breakpoint
-- The reviews already published, counted by the same rule.
DO $$ BEGIN
  EXECUTE format(review_page_days_sql(), $s$SELECT *, 1 AS delta FROM reviews$s$);
END $$;
