import { mayContest } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { reviewContests, reviews } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique-violation";
import { conflict, fieldError, forbidden, notFound } from "../../http/errors";
import type { SchemaOf } from "../../http/operation-types";
import type { AuthenticatedUser } from "../../http/request-context";
import { recordReviewEvents } from "../review-trail/review-events";
import { moderationOf } from "./company-moderation";

export type ContestRow = typeof reviewContests.$inferSelect;

export function contestView(row: ContestRow): SchemaOf<"ReviewContest"> {
  return {
    id: row.id,
    review_id: row.reviewId,
    reason: row.reason as SchemaOf<"ReviewContest">["reason"],
    explanation: row.explanation,
    status: row.status === "closed" ? "closed" : "open",
    outcome: row.outcome === "kept" || row.outcome === "removed" ? row.outcome : null,
    created_by_name: row.createdByName,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/** The latest contest of each of `reviewIds` (one query). */
export async function latestContests(db: DbOrTx, reviewIds: string[]): Promise<Map<string, ContestRow>> {
  const latest = new Map<string, ContestRow>();
  if (reviewIds.length === 0) return latest;
  const rows = await db
    .select()
    .from(reviewContests)
    .where(inArray(reviewContests.reviewId, reviewIds))
    .orderBy(desc(reviewContests.createdAt));
  for (const row of rows) if (!latest.has(row.reviewId)) latest.set(row.reviewId, row);
  return latest;
}

/**
 * 'Contester cet avis' (ARCHITECTURE §10.19): Certavis mode only, a published review, one open contest
 * at a time (the partial unique index settles a race); the review stays published; the trail says so.
 */
export async function contestReview(
  ctx: AppContext,
  input: {
    companyId: string;
    reviewId: string;
    user: AuthenticatedUser;
    reason: string;
    explanation: string;
  },
): Promise<ContestRow> {
  const explanation = input.explanation.trim();
  if (!explanation) throw fieldError("explanation", fr.server.moderation.errors.explanationRequired);
  const at = ctx.now();
  const errors = fr.server.moderation.errors;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [review] = await tx
        .select({ status: reviews.status })
        .from(reviews)
        .where(and(eq(reviews.companyId, input.companyId), eq(reviews.id, input.reviewId)))
        .for("update");
      if (!review) throw notFound();
      const mode = await moderationOf(tx, input.companyId, at);
      if (mode !== "certavis") throw forbidden(errors.contestShopMode);
      if (!mayContest(mode, review.status)) throw conflict(errors.contestNotPublished);
      const name = [input.user.firstName, input.user.lastName].filter(Boolean).join(" ") || input.user.email;
      const [row] = await tx
        .insert(reviewContests)
        .values({
          companyId: input.companyId,
          reviewId: input.reviewId,
          reason: input.reason,
          explanation,
          createdByUserId: input.user.id,
          createdByName: name,
          createdAt: at,
        })
        .returning();
      if (!row) throw new Error("contest not recorded");
      await recordReviewEvents(tx, [
        {
          companyId: input.companyId,
          reviewId: input.reviewId,
          kind: "contested",
          actor: { kind: "user", user: input.user },
          fromStatus: review.status,
          toStatus: review.status,
          reason: input.reason,
          note: explanation,
          at,
        },
      ]);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(errors.contestOpen);
    throw error;
  }
}
