-- The trail stays append-only (0010) with two exceptions. DELETE by the retention purge, which says
-- so for its own transaction (`certavis.trail_purge`): a refused or withdrawn review's events go
-- with it after a year, a company's with the company. UPDATE by the erasure of an author at their
-- request (GDPR art. 17), as for `reviews` (0022): once the review is erased, its events' free texts
-- (a reply, a rejection note, a report's reason) are blanked; nothing else of them changes.
CREATE OR REPLACE FUNCTION review_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('certavis.trail_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.note IS NULL
    AND (NEW.reason IS NOT DISTINCT FROM OLD.reason OR (OLD.kind = 'reported' AND NEW.reason IS NULL))
    AND (NEW.id, NEW.seq, NEW.company_id, NEW.review_id, NEW.kind, NEW.actor, NEW.actor_user_id,
         NEW.actor_name, NEW.from_status, NEW.to_status, NEW.created_at)
      IS NOT DISTINCT FROM (OLD.id, OLD.seq, OLD.company_id, OLD.review_id, OLD.kind, OLD.actor,
         OLD.actor_user_id, OLD.actor_name, OLD.from_status, OLD.to_status, OLD.created_at)
    AND EXISTS (SELECT 1 FROM reviews WHERE reviews.id = OLD.review_id AND reviews.erased_at IS NOT NULL) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'review_events is append-only' USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
-- The events of reviews already purged (and of companies already deleted), kept until now.
SELECT set_config('certavis.trail_purge', 'on', false);--> statement-breakpoint
DELETE FROM review_events e WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.id = e.review_id);--> statement-breakpoint
SELECT set_config('certavis.trail_purge', 'off', false);--> statement-breakpoint
-- The events of erased reviews, their free texts blanked (erasures made before this migration).
UPDATE review_events e SET note = NULL, reason = CASE WHEN e.kind = 'reported' THEN NULL ELSE e.reason END
  WHERE (e.note IS NOT NULL OR (e.kind = 'reported' AND e.reason IS NOT NULL))
    AND EXISTS (SELECT 1 FROM reviews r WHERE r.id = e.review_id AND r.erased_at IS NOT NULL);--> statement-breakpoint
UPDATE reviews SET rejection_note = NULL WHERE erased_at IS NOT NULL AND rejection_note IS NOT NULL;
