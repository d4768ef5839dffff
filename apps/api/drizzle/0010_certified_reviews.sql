CREATE TABLE "publication_warnings" (
	"company_id" uuid NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_warnings_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "review_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"company_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text,
	"from_status" text,
	"to_status" text,
	"reason" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "rejection_note" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_body" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "withdrawal_token_hash" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "publication_warned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "review_events_review_idx" ON "review_events" USING btree ("review_id","seq");--> statement-breakpoint
CREATE INDEX "review_events_company_seq_idx" ON "review_events" USING btree ("company_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_withdrawal_token_hash_unique" ON "reviews" USING btree ("withdrawal_token_hash");--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_status_published_idx" ON "reviews" USING btree ("status","published_at");--> statement-breakpoint
-- Integrity (French law, ISO 20488): what the author wrote never changes after submission, whoever
-- runs the UPDATE (the API, a script, a console).
CREATE FUNCTION reviews_refuse_content_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'review content is immutable (rating, title, comment, answers)'
    USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_content_immutable BEFORE UPDATE OF rating, title, comment, answers ON reviews
  FOR EACH ROW WHEN (
    OLD.rating IS DISTINCT FROM NEW.rating OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.comment IS DISTINCT FROM NEW.comment OR OLD.answers IS DISTINCT FROM NEW.answers
  ) EXECUTE FUNCTION reviews_refuse_content_update();--> statement-breakpoint
-- The moderation trail is append-only: no UPDATE ever; DELETE only by the retention purge, which
-- says so for its own transaction (`SET LOCAL certavis.trail_purge = 'on'`).
CREATE FUNCTION review_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('certavis.trail_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'review_events is append-only' USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER review_events_append_only BEFORE UPDATE OR DELETE ON review_events
  FOR EACH ROW EXECUTE FUNCTION review_events_append_only();--> statement-breakpoint
CREATE TRIGGER review_events_no_truncate BEFORE TRUNCATE ON review_events
  FOR EACH STATEMENT EXECUTE FUNCTION review_events_append_only();
