import { type AppealOutcome, appealOutcome, type OperatorAction } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, desc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { moderationAppeals, moderationDecisions, reviews } from "../../db/schema";
import { conflict, fieldError, notFound } from "../../http/errors";
import { queueAuthorEmail } from "../review-trail/author-emails";
import { recordReviewEvents } from "../review-trail/review-events";
import { insertDecision } from "./decisions";
import type { Operator } from "./operator-decision";

export interface AppealDecisionInput {
  reviewId: string;
  appealId: string;
  operator: Operator;
  action: OperatorAction;
  note: string | null;
  at: Date;
  /** The newest review-key secret (a decision's appeal token hash; none for a publication). */
  secret: string | Uint8Array;
}

/**
 * An operator's answer to an author's appeal (DSA art. 20), in the caller's transaction: `keep`
 * upholds the decision appealed (the review stays out of public view), `publish` overturns it (the
 * review is published again: a `published` decision from source `appeal`, the trail's
 * `appeal_overturned` with the operator's id). The appeal is closed with its outcome and the author
 * is mailed it through the queue. Returns the decision that now stands, its outcome and company.
 * 400 for `remove`; 404 for an appeal not of this review; 409 once the appeal was decided, or when
 * the review changed since the decision appealed (it is no longer that decision's).
 */
export async function decideAppeal(tx: Tx, input: AppealDecisionInput) {
  const errors = fr.server.moderation.errors;
  const outcome = appealOutcome(input.action);
  if (!outcome) throw fieldError("action", errors.appealAction);
  const [found] = await tx
    .select({
      appeal: moderationAppeals,
      decision: moderationDecisions,
      review: {
        id: reviews.id,
        companyId: reviews.companyId,
        status: reviews.status,
        orderId: reviews.orderId,
        subject: reviews.subject,
      },
    })
    .from(moderationAppeals)
    .innerJoin(moderationDecisions, eq(moderationDecisions.id, moderationAppeals.decisionId))
    .innerJoin(reviews, eq(reviews.id, moderationAppeals.reviewId))
    .where(and(eq(moderationAppeals.id, input.appealId), eq(moderationAppeals.reviewId, input.reviewId)))
    .for("update", { of: [moderationAppeals, reviews] });
  if (!found) throw notFound();
  const { appeal, decision, review } = found;
  if (appeal.status !== "open") throw conflict(errors.appealDecided);
  let standing = decision;
  if (outcome === "overturned") {
    const [latest] = await tx
      .select({ id: moderationDecisions.id })
      .from(moderationDecisions)
      .where(eq(moderationDecisions.reviewId, review.id))
      .orderBy(desc(moderationDecisions.createdAt))
      .limit(1);
    if (review.status !== "rejected" || latest?.id !== decision.id)
      throw conflict(fr.certification.errors.alreadyModerated);
    await tx
      .update(reviews)
      .set(
        decision.decision === "removed"
          ? // Published again as it was: its publication date stays the first one.
            { status: "approved", removedAt: null, rejectionReason: null, rejectionNote: null }
          : {
              status: "approved",
              moderatedAt: input.at,
              moderatedBy: input.operator.id,
              rejectionReason: null,
              rejectionNote: null,
            },
      )
      .where(eq(reviews.id, review.id));
    standing = await insertDecision(
      tx,
      {
        companyId: review.companyId,
        reviewId: review.id,
        decision: "published",
        reason: null,
        facts: `${fr.server.moderation.facts.appealed(appeal.explanation)} ${fr.server.moderation.facts.examined}`,
        note: input.note,
        automated: false,
        decidedBy: "operator",
        user: input.operator,
        source: "appeal",
        sourceId: appeal.id,
        at: input.at,
      },
      input.secret,
    );
  }
  await recordReviewEvents(tx, [
    {
      companyId: review.companyId,
      reviewId: review.id,
      kind: outcome === "overturned" ? "appeal_overturned" : "appeal_upheld",
      actor: { kind: "operator", user: input.operator },
      fromStatus: review.status,
      toStatus: outcome === "overturned" ? "approved" : review.status,
      reason: decision.reason,
      note: input.note,
      at: input.at,
    },
  ]);
  await tx
    .update(moderationAppeals)
    .set({ status: "closed", outcome, outcomeDecisionId: standing.id, decidedAt: input.at })
    .where(eq(moderationAppeals.id, appeal.id));
  if (review.orderId)
    await queueAuthorEmail(tx, {
      companyId: review.companyId,
      orderId: review.orderId,
      kind: "appeal_outcome",
      subject: review.subject === "store" ? "store" : "product",
      at: input.at,
    });
  return { decision: standing, outcome: outcome satisfies AppealOutcome, companyId: review.companyId };
}
