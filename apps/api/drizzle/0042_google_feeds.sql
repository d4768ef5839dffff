-- The shop's country (ISO 3166-1 alpha-2): Google's feeds give it as the reviews' country (product feed's
-- review_country, merchant feed's country_code) and count its store rating per country. A constant default
-- adds the column without rewriting the table.
ALTER TABLE "companies" ADD COLUMN "country" text DEFAULT 'FR' NOT NULL;
