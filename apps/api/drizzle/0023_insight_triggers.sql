CREATE TABLE "insight_reply_hours" (
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hours" numeric(8, 1) NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_reply_hours_company_id_day_product_id_hours_pk" PRIMARY KEY("company_id","day","product_id","hours")
);
--> statement-breakpoint
DROP INDEX "reviews_company_reply_created_idx";--> statement-breakpoint
ALTER TABLE "insight_days" ADD COLUMN "asked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_company_liked_published_idx" ON "reviews" USING btree ("company_id","published_at") WHERE "status" = 'approved' and "rating" >= 4;--> statement-breakpoint
CREATE INDEX "reviews_company_disliked_published_idx" ON "reviews" USING btree ("company_id","published_at") WHERE "status" = 'approved' and "rating" <= 2;--> statement-breakpoint
-- insight_days and insight_reply_hours stay exact, now per statement (a bulk write reads its rows once):
-- each statement on reviews or email_deliveries adds the events of its new rows and takes away those
-- of its old ones, grouped by key and applied in key order. The request e-mail hangs on an order's
-- head line but asks for every line: `asked` and `answered` count lines. The lines of an order are
-- written together, before any of its e-mails is sent; an order that goes takes its counts with it
-- (a trigger before its row goes: the reviews and e-mails it cascades to no longer find it).
DROP TRIGGER insight_days_reviews ON reviews;--> statement-breakpoint
DROP TRIGGER insight_days_email_deliveries ON email_deliveries;--> statement-breakpoint
DROP FUNCTION insight_days_after_review();--> statement-breakpoint
DROP FUNCTION insight_days_after_delivery();--> statement-breakpoint
DROP FUNCTION insight_days_review(reviews, integer);--> statement-breakpoint
DROP FUNCTION insight_days_delivery(email_deliveries, integer);--> statement-breakpoint
DROP FUNCTION insight_days_bump(uuid, uuid, timestamptz, text, integer, numeric);--> statement-breakpoint
CREATE FUNCTION insight_reply_bucket(hours numeric) RETURNS numeric IMMUTABLE LANGUAGE sql AS $$
  SELECT CASE WHEN hours < 10 THEN round(hours, 1) WHEN hours < 100 THEN round(hours)
    WHEN hours < 1000 THEN round(hours, -1) ELSE round(hours, -2) END
$$;--> statement-breakpoint
-- The SQL that applies rows of reviews (`%1$s`: a query of reviews with a `delta` of 1 or -1).
CREATE FUNCTION insight_days_reviews_sql() RETURNS text IMMUTABLE LANGUAGE sql AS $f$
SELECT $q$
WITH r AS (%1$s),
events AS (
  SELECT company_id, product_id, (created_at AT TIME ZONE 'UTC')::date AS day, delta AS submitted,
    0 AS published, 0::numeric AS rating_sum, 0 AS s1, 0 AS s2, 0 AS s3, 0 AS s4, 0 AS s5, 0 AS rejected,
    0 AS replies, 0 AS answered
  FROM r
  UNION ALL
  SELECT company_id, product_id, (published_at AT TIME ZONE 'UTC')::date, 0, delta, delta * rating,
    delta * (stars <= 1)::int, delta * (stars = 2)::int, delta * (stars = 3)::int, delta * (stars = 4)::int,
    delta * (stars >= 5)::int, 0, 0, 0
  FROM r WHERE status = 'approved'
  UNION ALL
  SELECT company_id, product_id, (moderated_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, delta, 0, 0
  FROM r WHERE status = 'rejected'
  UNION ALL
  SELECT company_id, product_id, (reply_created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, delta, 0
  FROM r WHERE reply_created_at IS NOT NULL
  UNION ALL
  SELECT r.company_id, r.product_id, (d.sent_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, r.delta
  FROM r JOIN orders o ON o.id = r.order_id
    JOIN orders h ON h.company_id = o.company_id AND h.reference = o.reference
    JOIN email_deliveries d ON d.order_id = h.id AND d.kind = 'request' AND d.status = 'sent'
),
days AS (
  INSERT INTO insight_days AS t (company_id, product_id, day, submitted, published, published_rating_sum,
    stars_1, stars_2, stars_3, stars_4, stars_5, rejected, replies, answered)
  SELECT company_id, product_id, day, sum(submitted), sum(published), sum(rating_sum), sum(s1), sum(s2),
    sum(s3), sum(s4), sum(s5), sum(rejected), sum(replies), sum(answered)
  FROM events WHERE day IS NOT NULL
  GROUP BY 1, 2, 3
  HAVING sum(submitted) <> 0 OR sum(published) <> 0 OR sum(rating_sum) <> 0 OR sum(rejected) <> 0
    OR sum(replies) <> 0 OR sum(answered) <> 0 OR sum(abs(s1) + abs(s2) + abs(s3) + abs(s4) + abs(s5)) <> 0
  ORDER BY 1, 3, 2
  ON CONFLICT (company_id, day, product_id) DO UPDATE SET
    submitted = t.submitted + excluded.submitted, published = t.published + excluded.published,
    published_rating_sum = t.published_rating_sum + excluded.published_rating_sum,
    stars_1 = t.stars_1 + excluded.stars_1, stars_2 = t.stars_2 + excluded.stars_2,
    stars_3 = t.stars_3 + excluded.stars_3, stars_4 = t.stars_4 + excluded.stars_4,
    stars_5 = t.stars_5 + excluded.stars_5, rejected = t.rejected + excluded.rejected,
    replies = t.replies + excluded.replies, answered = t.answered + excluded.answered
)
INSERT INTO insight_reply_hours AS t (company_id, product_id, day, hours, replies)
SELECT r.company_id, p.product_id, h.day, h.hours, sum(r.delta)
FROM r CROSS JOIN LATERAL (VALUES (r.product_id), ('00000000-0000-0000-0000-000000000000'::uuid)) AS p(product_id)
  CROSS JOIN LATERAL (SELECT (r.reply_created_at AT TIME ZONE 'UTC')::date AS day,
    insight_reply_bucket((extract(epoch FROM r.reply_created_at - r.created_at) / 3600)::numeric) AS hours) AS h
WHERE r.reply_created_at IS NOT NULL
GROUP BY 1, 2, 3, 4 HAVING sum(r.delta) <> 0 ORDER BY 1, 3, 2, 4
ON CONFLICT (company_id, day, product_id, hours) DO UPDATE SET replies = t.replies + excluded.replies
$q$
$f$;--> statement-breakpoint
CREATE FUNCTION insight_days_after_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format(insight_days_reviews_sql(), 'SELECT *, 1 AS delta FROM new_rows');
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(insight_days_reviews_sql(), 'SELECT *, -1 AS delta FROM old_rows');
  ELSE
    -- Only the rows whose counted columns changed (a moderation, a reply; not a warning stamp).
    EXECUTE format(insight_days_reviews_sql(), $s$
      WITH changed AS (
        SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.rating, o.created_at, o.moderated_at, o.reply_created_at, o.product_id, o.order_id,
          o.company_id) IS DISTINCT FROM (n.status, n.rating, n.created_at, n.moderated_at, n.reply_created_at,
          n.product_id, n.order_id, n.company_id)
      )
      SELECT *, -1 AS delta FROM old_rows WHERE id IN (SELECT id FROM changed)
      UNION ALL
      SELECT *, 1 AS delta FROM new_rows WHERE id IN (SELECT id FROM changed)$s$);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER insight_days_reviews_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_days_after_reviews();--> statement-breakpoint
CREATE TRIGGER insight_days_reviews_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_days_after_reviews();--> statement-breakpoint
CREATE TRIGGER insight_days_reviews_update AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_days_after_reviews();--> statement-breakpoint
-- The SQL that applies rows of email_deliveries (`%1$s`: a query of them with a `delta`): a sent request
-- or reminder counts for its order's product; a sent request asks each line of its order.
CREATE FUNCTION insight_days_deliveries_sql() RETURNS text IMMUTABLE LANGUAGE sql AS $f$
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
    d.delta * (EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = l.id))::int
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
CREATE FUNCTION insight_days_after_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format(insight_days_deliveries_sql(), 'SELECT *, 1 AS delta FROM new_rows');
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(insight_days_deliveries_sql(), 'SELECT *, -1 AS delta FROM old_rows');
  ELSE
    EXECUTE format(insight_days_deliveries_sql(), $s$
      WITH changed AS (
        SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.kind, o.sent_at, o.order_id, o.company_id)
          IS DISTINCT FROM (n.status, n.kind, n.sent_at, n.order_id, n.company_id)
          AND (o.status = 'sent' OR n.status = 'sent')
      )
      SELECT *, -1 AS delta FROM old_rows WHERE id IN (SELECT id FROM changed)
      UNION ALL
      SELECT *, 1 AS delta FROM new_rows WHERE id IN (SELECT id FROM changed)$s$);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER insight_days_deliveries_insert AFTER INSERT ON email_deliveries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_days_after_deliveries();--> statement-breakpoint
CREATE TRIGGER insight_days_deliveries_delete AFTER DELETE ON email_deliveries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_days_after_deliveries();--> statement-breakpoint
CREATE TRIGGER insight_days_deliveries_update AFTER UPDATE ON email_deliveries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_days_after_deliveries();--> statement-breakpoint
-- An order about to go: its sent e-mails (and the lines they asked), and its own line when another
-- line's request asked it. Its reviews' other events go with them (their trigger needs no order).
CREATE FUNCTION insight_days_before_order_delete() RETURNS trigger LANGUAGE plpgsql AS $$
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
      -(EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = l.id))::int
    FROM email_deliveries d JOIN orders l ON l.company_id = OLD.company_id AND l.reference = OLD.reference
    WHERE d.order_id = OLD.id AND d.status = 'sent' AND d.kind = 'request' AND d.sent_at IS NOT NULL
    UNION ALL
    SELECT d.company_id, OLD.product_id, (d.sent_at AT TIME ZONE 'UTC')::date, 0, 0, -1,
      -(EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = OLD.id))::int
    FROM orders h JOIN email_deliveries d ON d.order_id = h.id
    WHERE h.company_id = OLD.company_id AND h.reference = OLD.reference AND h.id <> OLD.id
      AND d.status = 'sent' AND d.kind = 'request' AND d.sent_at IS NOT NULL
  ) events
  GROUP BY 1, 2, 3 ORDER BY 1, 3, 2
  ON CONFLICT (company_id, day, product_id) DO UPDATE SET
    requests = t.requests + excluded.requests, reminders = t.reminders + excluded.reminders,
    asked = t.asked + excluded.asked, answered = t.answered + excluded.answered;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER insight_days_order_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION insight_days_before_order_delete();--> statement-breakpoint
-- The rows already there, counted again by the rules above.
DELETE FROM insight_days;--> statement-breakpoint
INSERT INTO insight_days (company_id, product_id, day, submitted, published, published_rating_sum,
  stars_1, stars_2, stars_3, stars_4, stars_5, rejected, replies, requests, reminders, asked, answered)
SELECT company_id, product_id, day, sum(submitted), sum(published), sum(rating_sum), sum(s1), sum(s2), sum(s3),
  sum(s4), sum(s5), sum(rejected), sum(replies), sum(requests), sum(reminders), sum(asked), sum(answered)
FROM (
  SELECT company_id, product_id, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS submitted, 0 AS published,
    0 AS rating_sum, 0 AS s1, 0 AS s2, 0 AS s3, 0 AS s4, 0 AS s5, 0 AS rejected, 0 AS replies, 0 AS requests,
    0 AS reminders, 0 AS asked, 0 AS answered FROM reviews
  UNION ALL
  SELECT company_id, product_id, (published_at AT TIME ZONE 'UTC')::date, 0, 1, rating,
    (stars <= 1)::int, (stars = 2)::int, (stars = 3)::int, (stars = 4)::int, (stars >= 5)::int, 0, 0, 0, 0, 0, 0
  FROM reviews WHERE status = 'approved'
  UNION ALL
  SELECT company_id, product_id, (moderated_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0
  FROM reviews WHERE status = 'rejected' AND moderated_at IS NOT NULL
  UNION ALL
  SELECT company_id, product_id, (reply_created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0
  FROM reviews WHERE reply_created_at IS NOT NULL
  UNION ALL
  SELECT d.company_id, o.product_id, (d.sent_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    (d.kind = 'request')::int, (d.kind = 'reminder')::int, 0, 0
  FROM email_deliveries d JOIN orders o ON o.id = d.order_id
  WHERE d.status = 'sent' AND d.kind IN ('request', 'reminder') AND d.sent_at IS NOT NULL
  UNION ALL
  SELECT d.company_id, l.product_id, (d.sent_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
    (EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = l.id))::int
  FROM email_deliveries d JOIN orders o ON o.id = d.order_id
    JOIN orders l ON l.company_id = o.company_id AND l.reference = o.reference
  WHERE d.status = 'sent' AND d.kind = 'request' AND d.sent_at IS NOT NULL
) events
WHERE day IS NOT NULL
GROUP BY company_id, product_id, day;--> statement-breakpoint
INSERT INTO insight_reply_hours (company_id, product_id, day, hours, replies)
SELECT r.company_id, p.product_id, (r.reply_created_at AT TIME ZONE 'UTC')::date,
  insight_reply_bucket((extract(epoch FROM r.reply_created_at - r.created_at) / 3600)::numeric), count(*)
FROM reviews r
  CROSS JOIN LATERAL (VALUES (r.product_id), ('00000000-0000-0000-0000-000000000000'::uuid)) AS p(product_id)
WHERE r.reply_created_at IS NOT NULL
GROUP BY 1, 2, 3, 4;
