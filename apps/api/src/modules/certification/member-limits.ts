import {
  REPLY_CHANGE_WINDOW_MS,
  REPLY_CHANGES_PER_REVIEW_PER_HOUR,
  REPORT_WINDOW_MS,
  REPORTS_PER_MEMBER_PER_DAY,
} from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, asc, eq, gt, inArray, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { reviewEvents, users } from "../../db/schema";
import { tooManyRequests } from "../../http/errors";

const E = fr.certification.errors;
const REPLY_CHANGES = ["reply_published", "reply_edited", "reply_deleted"];

/**
 * 429 (with the wait until the oldest counted event leaves the window) when `max` trail rows match
 * `where` within `windowMs` before `now`. The caller holds a lock that serialises the counted writes,
 * so the check and the row it then appends are one step.
 */
async function assertRoom(
  tx: DbOrTx,
  where: SQL | undefined,
  limit: { max: number; windowMs: number; message: string },
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - limit.windowMs);
  const recent = await tx
    .select({ at: reviewEvents.createdAt })
    .from(reviewEvents)
    .where(and(where, gt(reviewEvents.createdAt, since)))
    .orderBy(asc(reviewEvents.createdAt))
    .limit(limit.max);
  const oldest = recent[0];
  if (recent.length < limit.max || !oldest) return;
  throw tooManyRequests(limit.message, (oldest.at.getTime() + limit.windowMs - now.getTime()) / 1000);
}

/** At most 20 doubt reports per member per 24 hours; locks the member's row until the caller commits. */
export async function assertReportRoom(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  await assertRoom(
    tx,
    and(eq(reviewEvents.actorUserId, userId), eq(reviewEvents.kind, "reported")),
    {
      max: REPORTS_PER_MEMBER_PER_DAY,
      windowMs: REPORT_WINDOW_MS,
      message: E.tooManyReports(REPORTS_PER_MEMBER_PER_DAY),
    },
    now,
  );
}

/** At most 10 reply changes per review per hour; the caller holds the review's row lock. */
export async function assertReplyChangeRoom(tx: DbOrTx, reviewId: string, now: Date): Promise<void> {
  await assertRoom(
    tx,
    and(eq(reviewEvents.reviewId, reviewId), inArray(reviewEvents.kind, REPLY_CHANGES)),
    {
      max: REPLY_CHANGES_PER_REVIEW_PER_HOUR,
      windowMs: REPLY_CHANGE_WINDOW_MS,
      message: E.tooManyReplyChanges(REPLY_CHANGES_PER_REVIEW_PER_HOUR),
    },
    now,
  );
}
