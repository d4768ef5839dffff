-- Two moderation modes (ARCHITECTURE §10.19): the mode last asked for, when it was asked and when it
-- takes effect. Before `moderation_effective_at` the other mode is still in force (Certavis → shop
-- waits 30 days; shop → Certavis is at once). Null dates: 'shop' since the company was created.
ALTER TABLE "companies" ADD COLUMN "moderation" text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "moderation_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "moderation_effective_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_moderation_check" CHECK ("moderation" IN ('shop', 'certavis'));--> statement-breakpoint
-- A company moderated by Certavis that left: its row, public page and published reviews stay, frozen.
ALTER TABLE "companies" ADD COLUMN "departed_at" timestamp with time zone;--> statement-breakpoint
-- What the automatic checks found in a review written under Certavis moderation ([] when clean, null
-- when not checked): [{"kind": "email" | "phone" | "link" | "insult" | "duplicate", "match": "…"}].
ALTER TABLE "reviews" ADD COLUMN "check_flags" jsonb;--> statement-breakpoint
-- SHA-256 of the review's normalised text (domain `reviewTextFingerprint`): the same text from another
-- order of the company is a duplicate. Its index is built concurrently (db/concurrent-indexes.ts).
ALTER TABLE "reviews" ADD COLUMN "text_hash" text;--> statement-breakpoint
-- A published review removed by a Certavis operator (the one exception to one-way moderation): its
-- status becomes 'rejected', with the removal's reason in `rejection_reason`.
ALTER TABLE "reviews" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
-- Every decision on a review that a statement of reasons may explain (DSA art. 17): who decided
-- (shop member, operator, automatic), what, the facts, the rule, and whether automatic means were used.
CREATE TABLE "moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"facts" text DEFAULT '' NOT NULL,
	"note" text,
	"automated" boolean DEFAULT false NOT NULL,
	"decided_by" text NOT NULL,
	"decided_by_user_id" uuid,
	"decided_by_name" text,
	"source" text DEFAULT 'review' NOT NULL,
	"source_id" uuid,
	"appeal_token_hash" text,
	"statement_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_decisions_decision_check" CHECK ("decision" IN ('published', 'kept', 'rejected', 'removed')),
	CONSTRAINT "moderation_decisions_by_check" CHECK ("decided_by" IN ('shop', 'operator', 'automatic')),
	CONSTRAINT "moderation_decisions_source_check" CHECK ("source" IN ('review', 'contest', 'report', 'appeal'))
);--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_decisions_review_idx" ON "moderation_decisions" USING btree ("review_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_company_created_idx" ON "moderation_decisions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_decisions_appeal_token_unique" ON "moderation_decisions" USING btree ("appeal_token_hash");--> statement-breakpoint
-- A shop's 'Contester cet avis': one open contest per review; the review stays published meanwhile.
CREATE TABLE "review_contests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"explanation" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"created_by_user_id" uuid,
	"created_by_name" text,
	"decision_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_contests_status_check" CHECK ("status" IN ('open', 'closed')),
	CONSTRAINT "review_contests_outcome_check" CHECK ("outcome" IS NULL OR "outcome" IN ('kept', 'removed'))
);--> statement-breakpoint
ALTER TABLE "review_contests" ADD CONSTRAINT "review_contests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_contests" ADD CONSTRAINT "review_contests_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_contests" ADD CONSTRAINT "review_contests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_contests" ADD CONSTRAINT "review_contests_decision_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_contests_open_unique" ON "review_contests" USING btree ("review_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "review_contests_status_created_idx" ON "review_contests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "review_contests_review_idx" ON "review_contests" USING btree ("review_id","created_at");--> statement-breakpoint
-- 'Signaler' from anyone (DSA art. 16): routed to the operators (Certavis mode) or to the shop.
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"explanation" text NOT NULL,
	"email" text,
	"ip_hash" text NOT NULL,
	"routed_to" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"decision_id" uuid,
	"decided_at" timestamp with time zone,
	"outcome_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_reason_check" CHECK ("reason" IN ('illegal_content', 'personal_data', 'not_real_experience', 'other')),
	CONSTRAINT "review_reports_routed_check" CHECK ("routed_to" IN ('operators', 'shop')),
	CONSTRAINT "review_reports_status_check" CHECK ("status" IN ('open', 'closed')),
	CONSTRAINT "review_reports_outcome_check" CHECK ("outcome" IS NULL OR "outcome" IN ('kept', 'removed'))
);--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_decision_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_reports_routed_status_created_idx" ON "review_reports" USING btree ("routed_to","status","created_at");--> statement-breakpoint
CREATE INDEX "review_reports_company_status_created_idx" ON "review_reports" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "review_reports_review_idx" ON "review_reports" USING btree ("review_id","created_at");--> statement-breakpoint
CREATE INDEX "review_reports_ip_created_idx" ON "review_reports" USING btree ("ip_hash","created_at");--> statement-breakpoint
-- One appeal per decision (DSA art. 20), asked through the statement's link, decided by an operator.
CREATE TABLE "moderation_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"decision_id" uuid NOT NULL,
	"explanation" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"outcome_decision_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_appeals_status_check" CHECK ("status" IN ('open', 'closed')),
	CONSTRAINT "moderation_appeals_outcome_check" CHECK ("outcome" IS NULL OR "outcome" IN ('upheld', 'overturned'))
);--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_decision_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_outcome_decision_id_fk" FOREIGN KEY ("outcome_decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_appeals_decision_unique" ON "moderation_appeals" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "moderation_appeals_status_created_idx" ON "moderation_appeals" USING btree ("status","created_at");
