CREATE TABLE "subscriptions_to_cancel" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "subscriptions_to_cancel_next_attempt_idx" ON "subscriptions_to_cancel" USING btree ("next_attempt_at");