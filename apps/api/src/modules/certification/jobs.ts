import {
  autoPublicationCutoff,
  publicationWarningCutoff,
  purgeCutoff,
  retentionCutoff,
} from "@certavis/domain";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, publicationWarnings, reviewEvents, reviews } from "../../db/schema";
import { reviewsChanged } from "../../lib/reviews-changed";
import type { FileStorage } from "../../lib/storage";
import { certavisModeratedSql } from "../moderation/company-moderation";
import { queueAuthorEmail } from "../review-trail/author-emails";
import { type ReviewEventKind, recordReviewEvents } from "../review-trail/review-events";
import { purgeTrail } from "../review-trail/trail-retention";
import { dropReviewFiles, removeReviewFiles } from "./review-files";

const BATCH = 500;
/** The day's warning waits this long, so that every batch warned that run is listed. */
const WARNING_GATHER_MS = 5 * 60 * 1000;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Each job claims its rows with `FOR UPDATE SKIP LOCKED` and changes them with a condition on their
 * current state, in one transaction with its trail rows (and outbox rows, unique per order and kind):
 * two instances running the same job at once never act twice on one review. Batches until done.
 */
async function inBatches(run: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await run();
    total += done;
    if (done < BATCH) return total;
  }
}

/**
 * Moves the reviews in status `from` matching `due` to `to` by the system, batch by batch, each with
 * its trail row (kind, reason) in the same transaction; each company's reviews are said to have changed.
 * With `dropFiles`, the moved reviews' photos and videos are forgotten and removed from `storage`
 * (through tombstones: what the storage refuses is retried by `removeBuriedFiles`).
 */
async function systemTransition(
  db: Db,
  now: Date,
  move: {
    dropFiles?: { storage: FileStorage | undefined };
    from: string;
    to: string;
    due: SQL;
    orderBy: SQL;
    set: Partial<typeof reviews.$inferInsert>;
    kind: ReviewEventKind;
    reason: string;
  },
): Promise<number> {
  const companies = new Set<string>();
  const files: string[] = [];
  const total = await inBatches(() =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.status, move.from), move.due))
        .orderBy(move.orderBy)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return 0;
      const moved = await tx
        .update(reviews)
        .set({ ...move.set, status: move.to })
        .where(
          and(
            inArray(
              reviews.id,
              due.map((r) => r.id),
            ),
            eq(reviews.status, move.from),
          ),
        )
        .returning({ id: reviews.id, companyId: reviews.companyId });
      await recordReviewEvents(
        tx,
        moved.map((r) => ({
          companyId: r.companyId,
          reviewId: r.id,
          kind: move.kind,
          actor: { kind: "system" as const },
          fromStatus: move.from,
          toStatus: move.to,
          reason: move.reason,
          at: now,
        })),
      );
      if (move.dropFiles)
        files.push(
          ...(await dropReviewFiles(
            tx,
            moved.map((r) => r.id),
            now,
          )),
        );
      for (const r of moved) companies.add(r.companyId);
      return due.length;
    }),
  );
  for (const id of companies) reviewsChanged(id);
  await removeReviewFiles(db, move.dropFiles?.storage, files, now);
  return total;
}

/** Pending reviews 30 days after submission: published by the system (ARCHITECTURE §10.9). */
export function autoPublishDueReviews(db: Db, now: Date): Promise<number> {
  return systemTransition(db, now, {
    from: "pending",
    to: "approved",
    due: lte(reviews.createdAt, at(autoPublicationCutoff(now))) as SQL,
    orderBy: asc(reviews.createdAt),
    set: { moderatedAt: now, moderatedBy: null },
    kind: "auto_published",
    reason: "delay_30_days",
  });
}

/**
 * Pending reviews 27 days after submission: marked warned (once) and one e-mail per company queued
 * to its admins, keyed by the order of the first review it warns about (unique outbox row); none for
 * a company moderated by Certavis (ARCHITECTURE §10.19: the shop has no decision to take).
 */
export async function warnBeforeAutoPublication(db: Db, now: Date): Promise<number> {
  return inBatches(() =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: reviews.id,
          companyId: reviews.companyId,
          orderId: reviews.orderId,
          byCertavis: sql<boolean>`${certavisModeratedSql(now)}`,
        })
        .from(reviews)
        .innerJoin(companies, eq(companies.id, reviews.companyId))
        .where(
          and(
            eq(reviews.status, "pending"),
            isNull(reviews.publicationWarnedAt),
            lte(reviews.createdAt, at(publicationWarningCutoff(now))),
            gt(reviews.createdAt, at(autoPublicationCutoff(now))),
          ),
        )
        .orderBy(asc(reviews.createdAt))
        .limit(BATCH)
        .for("update", { of: reviews, skipLocked: true });
      if (due.length === 0) return 0;
      await tx
        .update(reviews)
        .set({ publicationWarnedAt: now })
        .where(
          and(
            inArray(
              reviews.id,
              due.map((r) => r.id),
            ),
            isNull(reviews.publicationWarnedAt),
          ),
        );
      const keyOrder = new Map<string, string>();
      // A shop moderated by Certavis cannot decide (its flagged reviews wait for an operator): its
      // reviews are marked warned, the e-mail asking it for a decision is not sent.
      for (const r of due)
        if (r.orderId && !r.byCertavis && !keyOrder.has(r.companyId)) keyOrder.set(r.companyId, r.orderId);
      const day = now.toISOString().slice(0, 10);
      for (const [companyId, orderId] of keyOrder) {
        // The first transaction to claim the company's day queues its one e-mail; a parallel one waits
        // on that row and then does nothing. Sent a few minutes later, it lists every batch warned.
        const [first] = await tx
          .insert(publicationWarnings)
          .values({ companyId, day })
          .onConflictDoNothing()
          .returning({ companyId: publicationWarnings.companyId });
        if (first)
          await queueAuthorEmail(tx, {
            companyId,
            orderId,
            kind: "publication_warning",
            at: new Date(now.getTime() + WARNING_GATHER_MS),
          });
      }
      return due.length;
    }),
  );
}

/**
 * Published reviews 5 years after publication: withdrawn from public view (status `expired`), their
 * photos and videos removed.
 */
export function expireOldReviews(db: Db, now: Date, storage?: FileStorage): Promise<number> {
  return systemTransition(db, now, {
    dropFiles: { storage },
    from: "approved",
    to: "expired",
    due: lte(reviews.publishedAt, at(retentionCutoff(now))) as SQL,
    orderBy: asc(reviews.publishedAt),
    set: { expiredAt: now },
    kind: "expired",
    reason: "retention_5_years",
  });
}

/**
 * Rejected and withdrawn reviews kept one year, then purged with their photos and videos and their
 * trail rows (the legal page's promise).
 */
export async function purgeOldRejectedReviews(db: Db, now: Date, storage?: FileStorage): Promise<number> {
  const cutoff = at(purgeCutoff(now));
  const due = or(
    and(eq(reviews.status, "rejected"), isNotNull(reviews.moderatedAt), lte(reviews.moderatedAt, cutoff)),
    and(eq(reviews.status, "withdrawn"), isNotNull(reviews.withdrawnAt), lte(reviews.withdrawnAt, cutoff)),
  );
  const files: string[] = [];
  const purged = await inBatches(() =>
    db.transaction(async (tx) => {
      const ids = (
        await tx
          .select({ id: reviews.id })
          .from(reviews)
          .where(due)
          .limit(BATCH)
          .for("update", { skipLocked: true })
      ).map((r) => r.id);
      if (ids.length === 0) return 0;
      // Before the reviews: their deletion would take the file rows with it (ON DELETE CASCADE).
      files.push(...(await dropReviewFiles(tx, ids, now)));
      const purged = await tx
        .delete(reviews)
        .where(and(inArray(reviews.id, ids), due))
        .returning({ id: reviews.id });
      if (purged.length)
        await purgeTrail(
          tx,
          inArray(
            reviewEvents.reviewId,
            purged.map((r) => r.id),
          ),
        );
      return ids.length;
    }),
  );
  await removeReviewFiles(db, storage, files, now);
  return purged;
}

/**
 * One run of every certified-review job, in the order that keeps the e-mails true; the files of the
 * reviews it expires or purges are removed from `storage`.
 */
export async function runCertificationJobs(db: Db, now: Date, storage?: FileStorage) {
  const published = await autoPublishDueReviews(db, now);
  const warned = await warnBeforeAutoPublication(db, now);
  const expired = await expireOldReviews(db, now, storage);
  const purged = await purgeOldRejectedReviews(db, now, storage);
  return { published, warned, expired, purged };
}
