import { createHmac } from "node:crypto";
import {
  isReportReason,
  PUBLIC_REPORT_WINDOW_MS,
  PUBLIC_REPORTS_PER_IP_PER_HOUR,
  reportRoute,
} from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { reviewReports, reviews } from "../../db/schema";
import { fieldError, notFound, tooManyRequests } from "../../http/errors";
import type { SchemaOf } from "../../http/operation-types";
import { recordReviewEvents } from "../review-trail/review-events";
import { moderationOf } from "./company-moderation";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The reporter's IP address as the rate limit counts it: keyed, never stored in clear. */
export function reporterIpHash(ctx: AppContext, ip: string): string {
  return createHmac("sha256", ctx.keys.currentKey("email-hash")).update(`report-ip:${ip}`).digest("hex");
}

export interface PublicReportInput {
  reviewId: string;
  reason: unknown;
  explanation: unknown;
  email?: unknown;
  ip: string;
}

/**
 * A visitor's report of a published review ('Signaler', DSA art. 16), from the widget (JSON) or the
 * public page's form (no JavaScript): checked, rate-limited per IP (429), routed by the mode in force
 * (operators or shop), written in the review's trail. The review stays published.
 */
export async function createPublicReport(ctx: AppContext, input: PublicReportInput) {
  const errors = fr.server.moderation.errors;
  if (!isReportReason(input.reason)) throw fieldError("reason", fr.server.http.invalid);
  const explanation = typeof input.explanation === "string" ? input.explanation.trim() : "";
  if (!explanation) throw fieldError("explanation", errors.explanationRequired);
  const rawEmail = typeof input.email === "string" ? input.email.trim().toLowerCase() : "";
  if (rawEmail && !EMAIL.test(rawEmail)) throw fieldError("email", errors.invalidEmail);
  const at = ctx.now();
  const ipHash = reporterIpHash(ctx, input.ip);
  return ctx.db.transaction(async (tx) => {
    const [review] = await tx
      .select({ id: reviews.id, companyId: reviews.companyId, status: reviews.status })
      .from(reviews)
      .where(eq(reviews.id, input.reviewId));
    if (!review || review.status !== "approved") throw notFound();
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewReports)
      .where(
        and(
          eq(reviewReports.ipHash, ipHash),
          gt(reviewReports.createdAt, new Date(at.getTime() - PUBLIC_REPORT_WINDOW_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= PUBLIC_REPORTS_PER_IP_PER_HOUR)
      throw tooManyRequests(errors.reportThrottled, PUBLIC_REPORT_WINDOW_MS / 1000);
    const routedTo = reportRoute(await moderationOf(tx, review.companyId, at));
    const [row] = await tx
      .insert(reviewReports)
      .values({
        companyId: review.companyId,
        reviewId: review.id,
        reason: input.reason as string,
        explanation,
        email: rawEmail || null,
        ipHash,
        routedTo,
        createdAt: at,
      })
      .returning();
    if (!row) throw new Error("report not recorded");
    await recordReviewEvents(tx, [
      {
        companyId: review.companyId,
        reviewId: review.id,
        kind: "public_report",
        actor: { kind: "system" },
        fromStatus: review.status,
        toStatus: review.status,
        reason: input.reason as string,
        note: explanation,
        at,
      },
    ]);
    return { id: row.id, detail: fr.server.moderation.reportReceived };
  });
}

export function publicReportView(row: typeof reviewReports.$inferSelect): SchemaOf<"PublicReport"> {
  return {
    id: row.id,
    review_id: row.reviewId,
    reason: row.reason as SchemaOf<"PublicReport">["reason"],
    explanation: row.explanation,
    routed_to: row.routedTo === "operators" ? "operators" : "shop",
    status: row.status === "closed" ? "closed" : "open",
    outcome: row.outcome === "kept" || row.outcome === "removed" ? row.outcome : null,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/** The reports routed to the shop of `companyId`, newest first. */
export async function shopReports(
  db: DbOrTx,
  companyId: string,
  status: "open" | "closed" | undefined,
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(reviewReports.companyId, companyId),
    eq(reviewReports.routedTo, "shop"),
    status ? eq(reviewReports.status, status) : undefined,
  );
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(reviewReports).where(where);
  const rows = await db
    .select()
    .from(reviewReports)
    .where(where)
    .orderBy(desc(reviewReports.createdAt))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, results: rows.map(publicReportView) };
}
