-- The shop's country (ISO 3166-1 alpha-2): Google's feeds give it as the reviews' country (product feed's
-- review_country, merchant feed's country_code) and count its store rating per country. A constant default
-- adds the column without rewriting the table.
ALTER TABLE "companies" ADD COLUMN "country" text DEFAULT 'FR' NOT NULL;--> statement-breakpoint
-- Companies deleted (their rows go with ON DELETE CASCADE): Google's store-ratings feed lists them in
-- `deleted_merchants` so that Merchant Center drops their rating. Only the company's id and the time.
CREATE TABLE "google_feed_departures" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"departed_at" timestamp with time zone DEFAULT now() NOT NULL
);
