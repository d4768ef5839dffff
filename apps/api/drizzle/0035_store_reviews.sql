-- Reviews of the shop itself (ARCHITECTURE §10.18): a review's `subject` is `product` (a product of an
-- order line, as before) or `store` (the shop, one per order: tied to the order's head line, line 0,
-- whatever its number of products; no product). Both share every column and the certified lifecycle;
-- their averages never mix: `review_stats` and `insight_days` count product reviews only,
-- `store_review_stats` store reviews only.
ALTER TABLE "reviews" ADD COLUMN "subject" text DEFAULT 'product' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
-- Checked on the rows already there without holding writes (NOT VALID, then VALIDATE).
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_check" CHECK (
  ("subject" = 'product' AND "product_id" IS NOT NULL) OR ("subject" = 'store' AND "product_id" IS NULL)
) NOT VALID;--> statement-breakpoint
ALTER TABLE "reviews" VALIDATE CONSTRAINT "reviews_subject_check";--> statement-breakpoint
-- One review per order line and subject: `reviews_order_subject_unique` (order_id, subject) replaces the
-- unique index on order_id (a head line holds its product's review and the order's store review). It is
-- built concurrently (db/concurrent-indexes.ts); until then the submission holds the line's row.
DROP INDEX "reviews_order_unique";--> statement-breakpoint
-- Entreprise 'Avis sur la boutique': on by default.
ALTER TABLE "companies" ADD COLUMN "store_reviews" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "store_review_stats" (
	"company_id" uuid NOT NULL,
	"status" text NOT NULL,
	"stars" smallint NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"rating_sum" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "store_review_stats_company_id_status_stars_pk" PRIMARY KEY("company_id","status","stars")
);--> statement-breakpoint
-- review_stats (migrations 0001, 0027) counts product reviews only.
CREATE OR REPLACE FUNCTION review_stats_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_stats AS s (company_id, product_id, status, stars, reviews, rating_sum)
  SELECT company_id, product_id, status, stars, count(*), sum(rating)
  FROM new_rows WHERE subject = 'product' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, product_id, status, stars) DO UPDATE
    SET reviews = s.reviews + excluded.reviews, rating_sum = s.rating_sum + excluded.rating_sum;
  INSERT INTO store_review_stats AS s (company_id, status, stars, reviews, rating_sum)
  SELECT company_id, status, stars, count(*), sum(rating)
  FROM new_rows WHERE subject = 'store' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, status, stars) DO UPDATE
    SET reviews = s.reviews + excluded.reviews, rating_sum = s.rating_sum + excluded.rating_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_stats_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_stats AS s (company_id, product_id, status, stars, reviews, rating_sum)
  SELECT company_id, product_id, status, stars, -count(*), -sum(rating)
  FROM old_rows WHERE subject = 'product' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, product_id, status, stars) DO UPDATE
    SET reviews = s.reviews + excluded.reviews, rating_sum = s.rating_sum + excluded.rating_sum;
  INSERT INTO store_review_stats AS s (company_id, status, stars, reviews, rating_sum)
  SELECT company_id, status, stars, -count(*), -sum(rating)
  FROM old_rows WHERE subject = 'store' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, status, stars) DO UPDATE
    SET reviews = s.reviews + excluded.reviews, rating_sum = s.rating_sum + excluded.rating_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_stats_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_stats AS s (company_id, product_id, status, stars, reviews, rating_sum)
  SELECT company_id, product_id, status, stars, sum(n), sum(total)
  FROM (
    SELECT company_id, product_id, status, stars, -1 AS n, -rating AS total
    FROM old_rows WHERE subject = 'product'
    UNION ALL
    SELECT company_id, product_id, status, stars, 1, rating FROM new_rows WHERE subject = 'product'
  ) d
  GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(total) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, product_id, status, stars) DO UPDATE
    SET reviews = s.reviews + excluded.reviews, rating_sum = s.rating_sum + excluded.rating_sum;
  INSERT INTO store_review_stats AS s (company_id, status, stars, reviews, rating_sum)
  SELECT company_id, status, stars, sum(n), sum(total)
  FROM (
    SELECT company_id, status, stars, -1 AS n, -rating AS total FROM old_rows WHERE subject = 'store'
    UNION ALL
    SELECT company_id, status, stars, 1, rating FROM new_rows WHERE subject = 'store'
  ) d
  GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(total) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, status, stars) DO UPDATE
    SET reviews = s.reviews + excluded.reviews, rating_sum = s.rating_sum + excluded.rating_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
-- insight_days and insight_reply_hours (migration 0023) count product reviews only: the statistics'
-- store side reads the store reviews themselves (one per order, far fewer).
CREATE OR REPLACE FUNCTION insight_days_after_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format(insight_days_reviews_sql(), $s$SELECT *, 1 AS delta FROM new_rows WHERE subject = 'product'$s$);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(insight_days_reviews_sql(), $s$SELECT *, -1 AS delta FROM old_rows WHERE subject = 'product'$s$);
  ELSE
    -- Only the rows whose counted columns changed (a moderation, a reply; not a warning stamp).
    EXECUTE format(insight_days_reviews_sql(), $s$
      WITH changed AS (
        SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.rating, o.created_at, o.moderated_at, o.reply_created_at, o.product_id, o.order_id,
          o.company_id) IS DISTINCT FROM (n.status, n.rating, n.created_at, n.moderated_at, n.reply_created_at,
          n.product_id, n.order_id, n.company_id)
      )
      SELECT *, -1 AS delta FROM old_rows WHERE id IN (SELECT id FROM changed) AND subject = 'product'
      UNION ALL
      SELECT *, 1 AS delta FROM new_rows WHERE id IN (SELECT id FROM changed) AND subject = 'product'$s$);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A line is `answered` by its product review (a store review answers no line).
CREATE OR REPLACE FUNCTION insight_days_deliveries_sql() RETURNS text IMMUTABLE LANGUAGE sql AS $f$
SELECT $q$
WITH d AS (
  SELECT d.company_id, d.order_id, d.kind, (d.sent_at AT TIME ZONE 'UTC')::date AS day, d.delta, o.product_id,
    o.reference
  FROM (%1$s) d JOIN orders o ON o.id = d.order_id
  WHERE d.status = 'sent' AND d.kind IN ('request', 'reminder') AND d.sent_at IS NOT NULL
),
events AS (
  SELECT company_id, product_id, day, delta * (kind = 'request')::int AS requests,
    delta * (kind = 'reminder')::int AS reminders, 0 AS asked, 0 AS answered
  FROM d
  UNION ALL
  SELECT d.company_id, l.product_id, d.day, 0, 0, d.delta,
    d.delta * (EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = l.id AND r.subject = 'product'))::int
  FROM d JOIN orders l ON l.company_id = d.company_id AND l.reference = d.reference
  WHERE d.kind = 'request'
)
INSERT INTO insight_days AS t (company_id, product_id, day, requests, reminders, asked, answered)
SELECT company_id, product_id, day, sum(requests), sum(reminders), sum(asked), sum(answered)
FROM events GROUP BY 1, 2, 3
HAVING sum(requests) <> 0 OR sum(reminders) <> 0 OR sum(asked) <> 0 OR sum(answered) <> 0
ORDER BY 1, 3, 2
ON CONFLICT (company_id, day, product_id) DO UPDATE SET
  requests = t.requests + excluded.requests, reminders = t.reminders + excluded.reminders,
  asked = t.asked + excluded.asked, answered = t.answered + excluded.answered
$q$
$f$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_days_before_order_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_days AS t (company_id, product_id, day, requests, reminders, asked, answered)
  SELECT company_id, product_id, day, sum(requests), sum(reminders), sum(asked), sum(answered)
  FROM (
    SELECT d.company_id, OLD.product_id, (d.sent_at AT TIME ZONE 'UTC')::date AS day,
      -(d.kind = 'request')::int AS requests, -(d.kind = 'reminder')::int AS reminders, 0 AS asked, 0 AS answered
    FROM email_deliveries d
    WHERE d.order_id = OLD.id AND d.status = 'sent' AND d.kind IN ('request', 'reminder') AND d.sent_at IS NOT NULL
    UNION ALL
    SELECT d.company_id, l.product_id, (d.sent_at AT TIME ZONE 'UTC')::date, 0, 0, -1,
      -(EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = l.id AND r.subject = 'product'))::int
    FROM email_deliveries d JOIN orders l ON l.company_id = OLD.company_id AND l.reference = OLD.reference
    WHERE d.order_id = OLD.id AND d.status = 'sent' AND d.kind = 'request' AND d.sent_at IS NOT NULL
    UNION ALL
    SELECT d.company_id, OLD.product_id, (d.sent_at AT TIME ZONE 'UTC')::date, 0, 0, -1,
      -(EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = OLD.id AND r.subject = 'product'))::int
    FROM orders h JOIN email_deliveries d ON d.order_id = h.id
    WHERE h.company_id = OLD.company_id AND h.reference = OLD.reference AND h.id <> OLD.id
      AND d.status = 'sent' AND d.kind = 'request' AND d.sent_at IS NOT NULL
  ) events
  GROUP BY 1, 2, 3 ORDER BY 1, 3, 2
  ON CONFLICT (company_id, day, product_id) DO UPDATE SET
    requests = t.requests + excluded.requests, reminders = t.reminders + excluded.reminders,
    asked = t.asked + excluded.asked, answered = t.answered + excluded.answered;
  RETURN OLD;
END $$;
