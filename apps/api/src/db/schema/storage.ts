import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, tz } from "./columns";

/**
 * A stored file still to delete from the storage (a review's photo or video whose row is gone):
 * written in the transaction that forgets the row, deleted once the storage confirms the deletion;
 * `lib/file-tombstones` retries the others. No company reference: a file outlives its company's rows.
 */
export const fileTombstones = pgTable(
  "file_tombstones",
  {
    path: text("path").primaryKey(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: tz("next_attempt_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("file_tombstones_next_attempt_idx").on(t.nextAttemptAt)],
);
