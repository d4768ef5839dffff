-- A stored file (a review's photo or video) to delete from the storage: written in the transaction
-- that forgets its row (erasure, 5-year expiry, 1-year purge), deleted once the storage confirms; a
-- periodic task retries the others. No company reference: the file outlives a deleted company's rows.
CREATE TABLE "file_tombstones" (
	"path" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "file_tombstones_next_attempt_idx" ON "file_tombstones" USING btree ("next_attempt_at");
-- An erasure blanks the stored webhook bodies of its reviews and orders: found by subject;
-- webhook_messages_subject_idx (an existing table) is built CONCURRENTLY after the migrations: db/concurrent-indexes.ts
