import { inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { reviewEvents } from "../../db/schema";

/**
 * Deletes the trail rows matching `where`, in the caller's transaction: the retention purge (a
 * refused or withdrawn review's events go with it after a year, a company's with the company). The
 * trigger allows a DELETE only while `certavis.trail_purge` is on, which lasts this transaction.
 */
export async function purgeTrail(tx: DbOrTx, where: SQL): Promise<void> {
  await tx.execute(sql`select set_config('certavis.trail_purge', 'on', true)`);
  await tx.delete(reviewEvents).where(where);
  await tx.execute(sql`select set_config('certavis.trail_purge', 'off', true)`);
}

/**
 * The erasure's redaction of the trail (the trigger allows it once the reviews are erased): the
 * free texts of their events, a reply, a rejection note, a report's reason, are blanked; the
 * reasons from the fixed lists (rejection, withdrawal, expiry) name nobody and stay.
 */
export async function blankTrailTexts(tx: DbOrTx, reviewIds: readonly string[]): Promise<void> {
  if (reviewIds.length === 0) return;
  await tx
    .update(reviewEvents)
    .set({
      note: null,
      reason: sql`case when ${reviewEvents.kind} = 'reported' then null else ${reviewEvents.reason} end`,
    })
    .where(inArray(reviewEvents.reviewId, [...reviewIds]));
}
