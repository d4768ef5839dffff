import {
  autoPublicationCutoff,
  publicationWarningCutoff,
  purgeCutoff,
  retentionCutoff,
} from "@certavis/domain";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { publicationWarnings, reviews } from "../../db/schema";
import { clearPublicReviewsMemo } from "../public/public-reviews";
import { queueAuthorEmail } from "./author-emails";
import { recordReviewEvents } from "./review-events";

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

/** Pending reviews 30 days after submission: published by the system (ARCHITECTURE §10.9). */
export async function autoPublishDueReviews(db: Db, now: Date): Promise<number> {
  const companies = new Set<string>();
  const total = await inBatches(() =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({ id: reviews.id, companyId: reviews.companyId })
        .from(reviews)
        .where(and(eq(reviews.status, "pending"), lte(reviews.createdAt, at(autoPublicationCutoff(now)))))
        .orderBy(asc(reviews.createdAt))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return 0;
      const published = await tx
        .update(reviews)
        .set({ status: "approved", moderatedAt: now, moderatedBy: null })
        .where(
          and(
            inArray(
              reviews.id,
              due.map((r) => r.id),
            ),
            eq(reviews.status, "pending"),
          ),
        )
        .returning({ id: reviews.id, companyId: reviews.companyId });
      await recordReviewEvents(
        tx,
        published.map((r) => ({
          companyId: r.companyId,
          reviewId: r.id,
          kind: "auto_published" as const,
          actor: { kind: "system" as const },
          fromStatus: "pending",
          toStatus: "approved",
          reason: "delay_30_days",
          at: now,
        })),
      );
      for (const r of published) companies.add(r.companyId);
      return due.length;
    }),
  );
  for (const id of companies) clearPublicReviewsMemo(id);
  return total;
}

/**
 * Pending reviews 27 days after submission: marked warned (once) and one e-mail per company queued
 * to its admins, keyed by the order of the first review it warns about (unique outbox row).
 */
export async function warnBeforeAutoPublication(db: Db, now: Date): Promise<number> {
  return inBatches(() =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({ id: reviews.id, companyId: reviews.companyId, orderId: reviews.orderId })
        .from(reviews)
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
        .for("update", { skipLocked: true });
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
      for (const r of due) if (r.orderId && !keyOrder.has(r.companyId)) keyOrder.set(r.companyId, r.orderId);
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

/** Published reviews 5 years after publication: withdrawn from public view (status `expired`). */
export async function expireOldReviews(db: Db, now: Date): Promise<number> {
  const companies = new Set<string>();
  const total = await inBatches(() =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.status, "approved"), lte(reviews.publishedAt, at(retentionCutoff(now)))))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return 0;
      const expired = await tx
        .update(reviews)
        .set({ status: "expired", expiredAt: now })
        .where(
          and(
            inArray(
              reviews.id,
              due.map((r) => r.id),
            ),
            eq(reviews.status, "approved"),
          ),
        )
        .returning({ id: reviews.id, companyId: reviews.companyId });
      await recordReviewEvents(
        tx,
        expired.map((r) => ({
          companyId: r.companyId,
          reviewId: r.id,
          kind: "expired" as const,
          actor: { kind: "system" as const },
          fromStatus: "approved",
          toStatus: "expired",
          reason: "retention_5_years",
          at: now,
        })),
      );
      for (const r of expired) companies.add(r.companyId);
      return due.length;
    }),
  );
  for (const id of companies) clearPublicReviewsMemo(id);
  return total;
}

/** Rejected and withdrawn reviews kept one year, then purged (their trail rows stay). */
export async function purgeOldRejectedReviews(db: Db, now: Date): Promise<number> {
  const cutoff = at(purgeCutoff(now));
  const purged = await db
    .delete(reviews)
    .where(
      or(
        and(eq(reviews.status, "rejected"), isNotNull(reviews.moderatedAt), lte(reviews.moderatedAt, cutoff)),
        and(
          eq(reviews.status, "withdrawn"),
          isNotNull(reviews.withdrawnAt),
          lte(reviews.withdrawnAt, cutoff),
        ),
      ),
    )
    .returning({ id: reviews.id });
  return purged.length;
}

/** One run of every certified-review job, in the order that keeps the e-mails true. */
export async function runCertificationJobs(db: Db, now: Date) {
  const published = await autoPublishDueReviews(db, now);
  const warned = await warnBeforeAutoPublication(db, now);
  const expired = await expireOldReviews(db, now);
  const purged = await purgeOldRejectedReviews(db, now);
  return { published, warned, expired, purged };
}
