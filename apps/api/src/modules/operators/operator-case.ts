import { isRejectionReason } from "@certavis/domain";
import { and, asc, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import {
  companies,
  integrationEvents,
  integrations,
  moderationAppeals,
  moderationDecisions,
  orders,
  products,
  reviewContests,
  reviewEvents,
  reviewReports,
  reviews,
} from "../../db/schema";
import { notFound } from "../../http/errors";
import type { SchemaOf } from "../../http/operation-types";
import { moderationView } from "../moderation/company-moderation";
import { toEventView } from "../review-trail/review-events";
import { getReviewView } from "../reviews/review-views";

type OperatorCase = SchemaOf<"OperatorCase">;

/** The review of any company with everything an operator decides on (contract `OperatorCase`). */
export async function operatorCase(ctx: AppContext, reviewId: string): Promise<OperatorCase> {
  const { db } = ctx;
  const [head] = await db
    .select({
      companyId: reviews.companyId,
      orderId: reviews.orderId,
      checkFlags: reviews.checkFlags,
      company: {
        id: companies.id,
        name: companies.name,
        slug: companies.slug,
        moderation: companies.moderation,
        moderationRequestedAt: companies.moderationRequestedAt,
        moderationEffectiveAt: companies.moderationEffectiveAt,
      },
    })
    .from(reviews)
    .innerJoin(companies, eq(companies.id, reviews.companyId))
    .where(eq(reviews.id, reviewId))
    .limit(1);
  if (!head) throw notFound();
  const [review, order, contests, reports, appeals, decisions, events] = await Promise.all([
    getReviewView(db, ctx.storage, head.companyId, reviewId),
    head.orderId ? orderFacts(ctx, head.companyId, head.orderId) : null,
    db
      .select()
      .from(reviewContests)
      .where(eq(reviewContests.reviewId, reviewId))
      .orderBy(asc(reviewContests.createdAt)),
    db
      .select()
      .from(reviewReports)
      .where(eq(reviewReports.reviewId, reviewId))
      .orderBy(asc(reviewReports.createdAt)),
    db
      .select()
      .from(moderationAppeals)
      .where(eq(moderationAppeals.reviewId, reviewId))
      .orderBy(asc(moderationAppeals.createdAt)),
    db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.reviewId, reviewId))
      .orderBy(asc(moderationDecisions.createdAt)),
    db
      .select()
      .from(reviewEvents)
      .where(and(eq(reviewEvents.companyId, head.companyId), eq(reviewEvents.reviewId, reviewId)))
      .orderBy(asc(reviewEvents.seq)),
  ]);
  if (!review) throw notFound();
  return {
    review,
    company: {
      id: head.company.id,
      name: head.company.name,
      slug: head.company.slug,
      moderation: moderationView(head.company, ctx.now()),
    },
    order,
    check_flags: head.checkFlags ?? null,
    contests: contests.map((c) => ({
      id: c.id,
      review_id: c.reviewId,
      reason: c.reason as SchemaOf<"RejectionReason">,
      explanation: c.explanation,
      status: c.status as "open" | "closed",
      outcome: (c.outcome as "kept" | "removed" | null) ?? null,
      created_by_name: c.createdByName,
      created_at: c.createdAt.toISOString(),
      decided_at: c.decidedAt?.toISOString() ?? null,
    })),
    reports: reports.map((r) => ({
      id: r.id,
      review_id: r.reviewId,
      reason: r.reason as SchemaOf<"ReportReason">,
      explanation: r.explanation,
      routed_to: r.routedTo as "operators" | "shop",
      status: r.status as "open" | "closed",
      outcome: (r.outcome as "kept" | "removed" | null) ?? null,
      created_at: r.createdAt.toISOString(),
      decided_at: r.decidedAt?.toISOString() ?? null,
    })),
    appeals: appeals.map((a) => ({
      id: a.id,
      decision_id: a.decisionId,
      explanation: a.explanation,
      status: a.status as "open" | "closed",
      outcome: (a.outcome as "upheld" | "overturned" | null) ?? null,
      created_at: a.createdAt.toISOString(),
    })),
    decisions: decisions.map(toDecisionView),
    events: events.map(toEventView),
  };
}

export function toDecisionView(d: typeof moderationDecisions.$inferSelect): SchemaOf<"ModerationDecision"> {
  return {
    id: d.id,
    review_id: d.reviewId,
    decision: d.decision as SchemaOf<"ModerationDecision">["decision"],
    reason: isRejectionReason(d.reason) ? d.reason : null,
    facts: d.facts,
    note: d.note,
    automated: d.automated,
    decided_by: d.decidedBy as SchemaOf<"ModerationDecision">["decided_by"],
    decided_by_name: d.decidedByName,
    source: d.source as SchemaOf<"ModerationDecision">["source"],
    created_at: d.createdAt.toISOString(),
  };
}

/** The order's date, its products (every line), and how it came in (a shop connection, or the API / a CSV import). */
async function orderFacts(
  ctx: AppContext,
  companyId: string,
  orderId: string,
): Promise<OperatorCase["order"]> {
  const { db } = ctx;
  const [order] = await db
    .select({ reference: orders.reference, orderDate: orders.orderDate })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const [lines, connection] = await Promise.all([
    db
      .select({ name: products.name, id: orders.id })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(eq(orders.companyId, companyId), eq(orders.reference, order.reference)))
      .orderBy(asc(orders.line)),
    db
      .select({ platform: integrations.platform })
      .from(integrationEvents)
      .innerJoin(integrations, eq(integrations.id, integrationEvents.integrationId))
      .innerJoin(orders, eq(orders.id, integrationEvents.orderId))
      .where(and(eq(orders.companyId, companyId), eq(orders.reference, order.reference)))
      .limit(1),
  ]);
  const platform = connection[0]?.platform ?? null;
  return {
    reference: order.reference,
    date: order.orderDate.toISOString(),
    products: lines.map((line) => line.name),
    came_in: platform ? "integration" : "api_or_import",
    platform,
  };
}
