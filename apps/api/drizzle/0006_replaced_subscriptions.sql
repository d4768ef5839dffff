CREATE TABLE "replaced_subscriptions" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "replaced_subscriptions_next_attempt_idx" ON "replaced_subscriptions" USING btree ("next_attempt_at");