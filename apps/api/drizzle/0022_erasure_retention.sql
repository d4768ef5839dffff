ALTER TABLE "orders" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_retention_idx" ON "orders" USING btree ("order_date") WHERE "orders"."anonymized_at" is null;--> statement-breakpoint
-- Integrity (0010) with one exception, the erasure of the author at their request (GDPR art. 17):
-- the review is withdrawn and its title, comment, answers and author's names are blanked, rating
-- kept, in the same UPDATE that sets `erased_at`. Nothing else changes the content, and an erasure
-- is never undone (`erased_at` cannot change once set).
CREATE OR REPLACE FUNCTION reviews_refuse_content_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.erased_at IS NULL AND NEW.erased_at IS NOT NULL
    AND NEW.rating = OLD.rating AND NEW.title = '' AND NEW.comment = '' AND NEW.answers = '{}'::jsonb
    AND NEW.author_first_name = '' AND NEW.author_last_name = '' AND NEW.status = 'withdrawn' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'review content is immutable (rating, title, comment, answers)'
    USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
DROP TRIGGER reviews_content_immutable ON reviews;--> statement-breakpoint
CREATE TRIGGER reviews_content_immutable BEFORE UPDATE OF rating, title, comment, answers, erased_at ON reviews
  FOR EACH ROW WHEN (
    OLD.rating IS DISTINCT FROM NEW.rating OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.comment IS DISTINCT FROM NEW.comment OR OLD.answers IS DISTINCT FROM NEW.answers
    OR OLD.erased_at IS DISTINCT FROM NEW.erased_at
  ) EXECUTE FUNCTION reviews_refuse_content_update();
