import {
  type CheckFlag,
  caseOutcome,
  isRejectionReason,
  needsStatementOfReasons,
  type OperatorAction,
  operatorDecision,
  type RejectionReason,
  statusAfterDecision,
} from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { companies, reviewContests, reviewReports, reviews } from "../../db/schema";
import { conflict, fieldError, notFound } from "../../http/errors";
import type { AuthenticatedUser } from "../../http/request-context";
import { reviewsChanged } from "../../lib/reviews-changed";
import { queueAuthorEmail } from "../review-trail/author-emails";
import { type ReviewEventKind, recordReviewEvents } from "../review-trail/review-events";
import { decideAppeal } from "./appeal-decision";
import { moderationRulesUrl } from "./appeal-token";
import { insertDecision } from "./decisions";
import { queueReportOutcomes } from "./report-outcome";

export type Operator = Pick<AuthenticatedUser, "id" | "email" | "firstName" | "lastName">;

export interface OperatorDecisionInput {
  reviewId: string;
  /** The operator's account (a user outside any company): its id goes to the trail and the decision. */
  operator: Operator;
  action: OperatorAction;
  /** A code of REJECTION_REASONS: required to remove (400 `{"reason": [...]}` without one). */
  reason?: string | null;
  note?: string | null;
  /**
   * The queue item decided (a contest or a report): closed with the decision's outcome. An author's
   * appeal is decided by `decideAppeal` (appeal-decision.ts): `keep` upholds, `publish` overturns.
   */
  source?: { kind: "review" } | { kind: "contest" | "report" | "appeal"; id: string };
}

const TRAIL_KIND = { published: "approved", kept: "kept", rejected: "rejected", removed: "removed" } as const;

/** The facts a statement of reasons tells: what the checks found, the contest or the reports. */
function factsOf(
  flags: CheckFlag[] | null,
  contest: { reason: string; explanation: string } | null,
  reportReasons: string[],
): string {
  const m = fr.server.moderation.facts;
  const parts: string[] = [];
  if (flags?.length) parts.push(m.flagged(flags.map((f) => fr.moderation.flags[f.kind]).join(", ")));
  if (contest)
    parts.push(
      m.contested(
        isRejectionReason(contest.reason) ? fr.certification.reasons[contest.reason] : contest.reason,
        contest.explanation,
      ),
    );
  for (const reason of new Set(reportReasons))
    parts.push(m.reported(fr.moderation.report.reasons[reason as keyof typeof fr.moderation.report.reasons]));
  parts.push(m.examined);
  return parts.join(" ");
}

/**
 * An operator's decision on a review (ARCHITECTURE §10.19): publish a pending review, keep a
 * published one, or remove (a pending review is rejected, a published one removed: the one exception
 * to one-way moderation, allowed only here), with a reason from the fixed list and a note. In one
 * transaction: the review's change, the decision with its statement of reasons, the trail event
 * (actor `operator`, the operator's id), the review's open contest and open reports closed with the
 * outcome; then the author's statement of reasons (a rejection or removal) and each reporter who left
 * an address are mailed through the queue. 404 unknown review; 409 when the action does not apply to
 * the review's status (a withdrawn review, a pending one to keep…). An author's appeal (source
 * `appeal`) goes to `decideAppeal`: `keep` upholds the decision, `publish` overturns it.
 */
export async function decideAsOperator(ctx: AppContext, input: OperatorDecisionInput) {
  const note = input.note?.trim() || null;
  const at = ctx.now();
  const source = input.source;
  if (source?.kind === "appeal") {
    const answered = await ctx.db.transaction((tx) =>
      decideAppeal(tx, {
        reviewId: input.reviewId,
        appealId: source.id,
        operator: input.operator,
        action: input.action,
        note,
        at,
        secret: ctx.keys.all("review-key")[0] ?? "",
      }),
    );
    if (answered.outcome === "overturned") reviewsChanged(answered.companyId);
    return answered.decision;
  }
  const result = await ctx.db.transaction(async (tx) => {
    const [review] = await tx
      .select({
        id: reviews.id,
        companyId: reviews.companyId,
        status: reviews.status,
        orderId: reviews.orderId,
        subject: reviews.subject,
        checkFlags: reviews.checkFlags,
        companyName: companies.name,
      })
      .from(reviews)
      .innerJoin(companies, eq(companies.id, reviews.companyId))
      .where(eq(reviews.id, input.reviewId))
      .for("update", { of: reviews });
    if (!review) throw notFound();
    const decision = operatorDecision(input.action, review.status);
    if (!decision) throw conflict(fr.certification.errors.alreadyModerated);
    let reason: RejectionReason | null = null;
    if (needsStatementOfReasons(decision)) {
      if (!isRejectionReason(input.reason))
        throw fieldError("reason", fr.certification.errors.reasonRequired);
      reason = input.reason;
    }
    const contest = await openContest(tx, review.id);
    const reports = await tx
      .select({ id: reviewReports.id, reason: reviewReports.reason })
      .from(reviewReports)
      .where(and(eq(reviewReports.reviewId, review.id), eq(reviewReports.status, "open")));
    if (decision !== "kept") {
      await tx
        .update(reviews)
        .set(
          decision === "removed"
            ? { status: "rejected", removedAt: at, rejectionReason: reason, rejectionNote: note }
            : {
                status: statusAfterDecision(decision),
                moderatedAt: at,
                moderatedBy: input.operator.id,
                rejectionReason: reason,
                rejectionNote: reason ? note : null,
              },
        )
        .where(eq(reviews.id, review.id));
    }
    const row = await insertDecision(
      tx,
      {
        companyId: review.companyId,
        reviewId: review.id,
        decision,
        reason,
        facts: factsOf(
          review.checkFlags,
          contest,
          reports.map((r) => r.reason),
        ),
        note,
        automated: (review.checkFlags?.length ?? 0) > 0,
        decidedBy: "operator",
        user: input.operator,
        source: source?.kind ?? "review",
        sourceId: source && source.kind !== "review" ? source.id : null,
        at,
      },
      ctx.keys.all("review-key")[0] ?? "",
    );
    await recordReviewEvents(tx, [
      {
        companyId: review.companyId,
        reviewId: review.id,
        kind: TRAIL_KIND[decision] satisfies ReviewEventKind,
        actor: { kind: "operator", user: input.operator },
        fromStatus: review.status,
        toStatus: decision === "kept" ? review.status : statusAfterDecision(decision),
        reason,
        note,
        at,
      },
    ]);
    const closed = { status: "closed", outcome: caseOutcome(decision), decisionId: row.id, decidedAt: at };
    if (contest) await tx.update(reviewContests).set(closed).where(eq(reviewContests.id, contest.id));
    if (reports.length) {
      await tx
        .update(reviewReports)
        .set(closed)
        .where(and(eq(reviewReports.reviewId, review.id), eq(reviewReports.status, "open")));
      await queueReportOutcomes(
        tx,
        review.id,
        row.id,
        review.companyName,
        at,
        moderationRulesUrl(ctx.config.publicUrl),
      );
    }
    if (needsStatementOfReasons(decision) && review.orderId)
      await queueAuthorEmail(tx, {
        companyId: review.companyId,
        orderId: review.orderId,
        kind: "rejection",
        subject: review.subject === "store" ? "store" : "product",
        at,
      });
    return { decision: row, companyId: review.companyId };
  });
  reviewsChanged(result.companyId);
  return result.decision;
}

async function openContest(tx: Tx, reviewId: string) {
  const [contest] = await tx
    .select({ id: reviewContests.id, reason: reviewContests.reason, explanation: reviewContests.explanation })
    .from(reviewContests)
    .where(and(eq(reviewContests.reviewId, reviewId), eq(reviewContests.status, "open")));
  return contest ?? null;
}
