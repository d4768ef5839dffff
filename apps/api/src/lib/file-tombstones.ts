import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, DbOrTx } from "../db/client";
import { fileTombstones } from "../db/schema";
import type { FileStorage } from "./storage";

/** Retries back off from 1 minute, doubling, up to 6 hours between attempts. */
export function fileRemovalRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

const BATCH = 100;

/**
 * Records, in the caller's transaction (the one that forgets the files' rows), stored files that
 * must leave the storage: each stays recorded until the storage confirms its deletion.
 */
export async function buryFiles(tx: DbOrTx, paths: readonly string[], now: Date): Promise<void> {
  if (paths.length === 0) return;
  await tx
    .insert(fileTombstones)
    .values([...new Set(paths)].map((path) => ({ path, nextAttemptAt: now, createdAt: now })))
    .onConflictDoNothing();
}

/**
 * Deletes recorded files from the storage: the given ones (right after the change that recorded
 * them), else those due for a retry. A confirmed deletion (a file already gone included) removes the
 * record; a failure keeps it with its error and the next attempt's date. Never throws for a file.
 */
export async function removeBuriedFiles(
  db: Db,
  storage: FileStorage,
  now: Date,
  options: { only?: readonly string[]; log?: FastifyBaseLogger } = {},
): Promise<{ removed: number; failed: number }> {
  const { only, log } = options;
  const result = { removed: 0, failed: 0 };
  if (only && only.length === 0) return result;
  for (;;) {
    const rows = await db
      .select()
      .from(fileTombstones)
      .where(only ? inArray(fileTombstones.path, [...only]) : lte(fileTombstones.nextAttemptAt, now))
      .orderBy(asc(fileTombstones.nextAttemptAt))
      .limit(BATCH);
    for (const row of rows) {
      const mine = and(eq(fileTombstones.path, row.path), eq(fileTombstones.attempts, row.attempts));
      try {
        await storage.remove(row.path);
      } catch (error) {
        const attempts = row.attempts + 1;
        await db
          .update(fileTombstones)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
            nextAttemptAt: new Date(now.getTime() + fileRemovalRetryDelayMs(attempts)),
          })
          .where(mine);
        log?.error({ err: error, path: row.path, attempts }, "could not delete a stored file; will retry");
        result.failed += 1;
        continue;
      }
      await db.delete(fileTombstones).where(eq(fileTombstones.path, row.path));
      result.removed += 1;
    }
    // A failed one is no longer due: the next batch holds only the ones not yet tried.
    if (only || rows.length < BATCH) return result;
  }
}
