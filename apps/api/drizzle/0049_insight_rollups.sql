-- Statistiques of a big shop read `insight_days` a row per product and day: some 300,000 rows for one
-- year of a shop of 1,000 products, 100–470 ms a read. Two sums of it, kept by the app: per company and
-- day (totals and series: 366 rows a year), and per company, month and product (the products' table: a
-- row per product and month; the months a period only partly covers are read from insight_days).
-- Triggers only note the (company, day) pairs that changed in `insight_rollups_stale` (no key, so no lock
-- is taken on a shared row by the writers: a row per company and day would make every review and e-mail
-- of a company wait on one another); the app sums the noted days and their months again before a
-- statistics read and every minute (modules/insights/insight-rollups.ts).
CREATE TABLE "insight_company_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	submitted integer DEFAULT 0 NOT NULL, published integer DEFAULT 0 NOT NULL, published_rating_sum numeric(16, 2) DEFAULT '0' NOT NULL, stars_1 integer DEFAULT 0 NOT NULL, stars_2 integer DEFAULT 0 NOT NULL, stars_3 integer DEFAULT 0 NOT NULL, stars_4 integer DEFAULT 0 NOT NULL, stars_5 integer DEFAULT 0 NOT NULL, rejected integer DEFAULT 0 NOT NULL, replies integer DEFAULT 0 NOT NULL, requests integer DEFAULT 0 NOT NULL, reminders integer DEFAULT 0 NOT NULL, asked integer DEFAULT 0 NOT NULL, answered integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_company_days_company_id_day_pk" PRIMARY KEY("company_id","day")
);--> statement-breakpoint
CREATE TABLE "insight_product_months" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"product_id" uuid NOT NULL,
	submitted integer DEFAULT 0 NOT NULL, published integer DEFAULT 0 NOT NULL, published_rating_sum numeric(16, 2) DEFAULT '0' NOT NULL, stars_1 integer DEFAULT 0 NOT NULL, stars_2 integer DEFAULT 0 NOT NULL, stars_3 integer DEFAULT 0 NOT NULL, stars_4 integer DEFAULT 0 NOT NULL, stars_5 integer DEFAULT 0 NOT NULL, rejected integer DEFAULT 0 NOT NULL, replies integer DEFAULT 0 NOT NULL, requests integer DEFAULT 0 NOT NULL, reminders integer DEFAULT 0 NOT NULL, asked integer DEFAULT 0 NOT NULL, answered integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_product_months_company_id_month_product_id_pk" PRIMARY KEY("company_id","month","product_id")
);--> statement-breakpoint
CREATE TABLE "insight_rollups_stale" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL
);--> statement-breakpoint
CREATE INDEX "insight_rollups_stale_company_idx" ON "insight_rollups_stale" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "insight_rollups_stale" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000,
  autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);--> statement-breakpoint
CREATE FUNCTION insight_rollups_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insight_rollups_stale SELECT DISTINCT company_id, day FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO insight_rollups_stale SELECT DISTINCT company_id, day FROM old_rows;
  ELSE
    INSERT INTO insight_rollups_stale
    SELECT company_id, day FROM old_rows UNION SELECT company_id, day FROM new_rows;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER insight_rollups_days_insert AFTER INSERT ON insight_days REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_rollups_days_changed();--> statement-breakpoint
CREATE TRIGGER insight_rollups_days_delete AFTER DELETE ON insight_days REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_rollups_days_changed();--> statement-breakpoint
CREATE TRIGGER insight_rollups_days_update AFTER UPDATE ON insight_days REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insight_rollups_days_changed();--> statement-breakpoint
INSERT INTO insight_company_days (company_id, day, submitted, published, published_rating_sum, stars_1, stars_2, stars_3, stars_4, stars_5, rejected, replies, requests, reminders, asked, answered)
SELECT company_id, day, sum(submitted), sum(published), sum(published_rating_sum), sum(stars_1), sum(stars_2), sum(stars_3), sum(stars_4), sum(stars_5), sum(rejected), sum(replies), sum(requests), sum(reminders), sum(asked), sum(answered) FROM insight_days GROUP BY company_id, day;--> statement-breakpoint
INSERT INTO insight_product_months (company_id, month, product_id, submitted, published, published_rating_sum, stars_1, stars_2, stars_3, stars_4, stars_5, rejected, replies, requests, reminders, asked, answered)
SELECT company_id, date_trunc('month', day)::date, product_id, sum(submitted), sum(published), sum(published_rating_sum), sum(stars_1), sum(stars_2), sum(stars_3), sum(stars_4), sum(stars_5), sum(rejected), sum(replies), sum(requests), sum(reminders), sum(asked), sum(answered)
FROM insight_days GROUP BY 1, 2, 3;
