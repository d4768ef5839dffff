CREATE TABLE "insight_days" (
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"day" date NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	"published" integer DEFAULT 0 NOT NULL,
	"published_rating_sum" numeric(16, 2) DEFAULT '0' NOT NULL,
	"stars_1" integer DEFAULT 0 NOT NULL,
	"stars_2" integer DEFAULT 0 NOT NULL,
	"stars_3" integer DEFAULT 0 NOT NULL,
	"stars_4" integer DEFAULT 0 NOT NULL,
	"stars_5" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"reminders" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_days_company_id_day_product_id_pk" PRIMARY KEY("company_id","day","product_id")
);
--> statement-breakpoint
CREATE INDEX "reviews_company_reply_created_idx" ON "reviews" USING btree ("company_id","reply_created_at") WHERE "reply_created_at" is not null;--> statement-breakpoint
-- insight_days stays exact: each review and each sent e-mail adds its events to the days they
-- happened on (UTC), and takes them away when it changes or goes.
CREATE FUNCTION insight_days_bump(c uuid, p uuid, at timestamptz, measure text, delta integer, rating numeric)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF at IS NULL OR p IS NULL THEN RETURN; END IF;
  EXECUTE format(
    'INSERT INTO insight_days AS t (company_id, product_id, day, %1$I, published_rating_sum)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (company_id, day, product_id) DO UPDATE
       SET %1$I = t.%1$I + excluded.%1$I, published_rating_sum = t.published_rating_sum + excluded.published_rating_sum',
    measure)
  USING c, p, (at AT TIME ZONE 'UTC')::date, delta, rating * delta;
END $$;--> statement-breakpoint
CREATE FUNCTION insight_days_review(r reviews, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  request_sent timestamptz;
BEGIN
  PERFORM insight_days_bump(r.company_id, r.product_id, r.created_at, 'submitted', sign, 0);
  IF r.status = 'approved' THEN
    PERFORM insight_days_bump(r.company_id, r.product_id, r.published_at, 'published', sign, r.rating);
    PERFORM insight_days_bump(r.company_id, r.product_id, r.published_at,
      'stars_' || greatest(1, least(5, r.stars)), sign, 0);
  ELSIF r.status = 'rejected' THEN
    PERFORM insight_days_bump(r.company_id, r.product_id, r.moderated_at, 'rejected', sign, 0);
  END IF;
  PERFORM insight_days_bump(r.company_id, r.product_id, r.reply_created_at, 'replies', sign, 0);
  IF r.order_id IS NOT NULL THEN
    SELECT d.sent_at INTO request_sent FROM email_deliveries d
    WHERE d.order_id = r.order_id AND d.kind = 'request' AND d.status = 'sent';
    PERFORM insight_days_bump(r.company_id, r.product_id, request_sent, 'answered', sign, 0);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION insight_days_after_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.rating, OLD.created_at, OLD.moderated_at, OLD.reply_created_at,
      OLD.product_id, OLD.order_id, OLD.company_id) IS NOT DISTINCT FROM (NEW.status, NEW.rating,
      NEW.created_at, NEW.moderated_at, NEW.reply_created_at, NEW.product_id, NEW.order_id, NEW.company_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM insight_days_review(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM insight_days_review(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER insight_days_reviews AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION insight_days_after_review();--> statement-breakpoint
CREATE FUNCTION insight_days_delivery(d email_deliveries, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  product uuid;
BEGIN
  IF d.status <> 'sent' OR d.kind NOT IN ('request', 'reminder') OR d.order_id IS NULL THEN RETURN; END IF;
  -- An order deleted with its e-mails (cascade) is gone already: its sent e-mails stay counted.
  SELECT o.product_id INTO product FROM orders o WHERE o.id = d.order_id;
  PERFORM insight_days_bump(d.company_id, product, d.sent_at,
    CASE d.kind WHEN 'request' THEN 'requests' ELSE 'reminders' END, sign, 0);
  IF d.kind = 'request' AND EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = d.order_id) THEN
    PERFORM insight_days_bump(d.company_id, product, d.sent_at, 'answered', sign, 0);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION insight_days_after_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.kind, OLD.sent_at, OLD.order_id, OLD.company_id)
      IS NOT DISTINCT FROM (NEW.status, NEW.kind, NEW.sent_at, NEW.order_id, NEW.company_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM insight_days_delivery(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM insight_days_delivery(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER insight_days_email_deliveries AFTER INSERT OR UPDATE OR DELETE ON email_deliveries
  FOR EACH ROW EXECUTE FUNCTION insight_days_after_delivery();--> statement-breakpoint
-- The rows already there.
INSERT INTO insight_days (company_id, product_id, day, submitted, published, published_rating_sum,
  stars_1, stars_2, stars_3, stars_4, stars_5, rejected, replies, requests, reminders, answered)
SELECT company_id, product_id, day, sum(submitted), sum(published), sum(rating_sum), sum(s1), sum(s2), sum(s3),
  sum(s4), sum(s5), sum(rejected), sum(replies), sum(requests), sum(reminders), sum(answered)
FROM (
  SELECT company_id, product_id, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS submitted, 0 AS published,
    0 AS rating_sum, 0 AS s1, 0 AS s2, 0 AS s3, 0 AS s4, 0 AS s5, 0 AS rejected, 0 AS replies, 0 AS requests,
    0 AS reminders, 0 AS answered FROM reviews
  UNION ALL
  SELECT company_id, product_id, (published_at AT TIME ZONE 'UTC')::date, 0, 1, rating,
    (greatest(1, least(5, stars)) = 1)::int, (stars = 2)::int, (stars = 3)::int, (stars = 4)::int,
    (stars >= 5)::int, 0, 0, 0, 0, 0 FROM reviews WHERE status = 'approved'
  UNION ALL
  SELECT company_id, product_id, (moderated_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0
  FROM reviews WHERE status = 'rejected' AND moderated_at IS NOT NULL
  UNION ALL
  SELECT company_id, product_id, (reply_created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0
  FROM reviews WHERE reply_created_at IS NOT NULL
  UNION ALL
  SELECT d.company_id, o.product_id, (d.sent_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    (d.kind = 'request')::int, (d.kind = 'reminder')::int,
    (d.kind = 'request' AND EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = d.order_id))::int
  FROM email_deliveries d JOIN orders o ON o.id = d.order_id
  WHERE d.status = 'sent' AND d.kind IN ('request', 'reminder') AND d.sent_at IS NOT NULL
) events
GROUP BY company_id, product_id, day;
