import { Readable } from "node:stream";
import {
  MAX_PUBLICATION_DELAY_DAYS,
  NEGATIVE_RATING_MAX,
  REJECTION_REASONS,
  REPLY_MAX_LENGTH,
  RETENTION_YEARS,
  replyExpectedCutoff,
} from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { countRows } from "../../db/count-rows";
import { companies, orders, products, reviewEvents, reviews } from "../../db/schema";
import { callerCompanyId } from "../../http/caller";
import { conflict, fieldError, notFound } from "../../http/errors";
import { defineHandlers, type ResponseOf } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import type { KeyRing } from "../../lib/keyring";
import { hashReviewKey } from "../../lib/review-key";
import { reviewsChanged } from "../../lib/reviews-changed";
import { moderationRulesUrl } from "../moderation/appeal-token";
import { type ModerationColumns, moderationView } from "../moderation/company-moderation";
import { queueAuthorEmail } from "../review-trail/author-emails";
import { recordReviewEvents, toEventView } from "../review-trail/review-events";
import { getReviewView, toReviewView } from "../reviews/review-views";
import { auditCsvChunks } from "./audit-csv";
import { assertReplyChangeRoom, assertReportRoom } from "./member-limits";
import { withdrawalTokenOrder } from "./withdrawal-token";

const E = fr.certification.errors;

type Withdrawal = ResponseOf<"reviewWithdrawalGet", 200>;

/** The review of a withdrawal link: by the order its token names (any key of the ring), else by its hash. */
async function reviewForToken(
  db: import("../../db/client").DbOrTx,
  keys: KeyRing,
  token: string,
  lock = false,
) {
  const orderId = withdrawalTokenOrder(keys.all("review-key"), token);
  const query = db
    .select({ review: reviews, productName: products.name, companyName: companies.name })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(companies, eq(companies.id, reviews.companyId))
    .where(orderId ? eq(reviews.orderId, orderId) : eq(reviews.withdrawalTokenHash, hashReviewKey(token)))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: reviews }) : await query;
  if (!row) throw notFound(E.withdrawalUnknown);
  return row;
}

function withdrawalView(row: Awaited<ReturnType<typeof reviewForToken>>): Withdrawal {
  return {
    company_name: row.companyName,
    product_name: row.productName,
    rating: Number(row.review.rating),
    title: row.review.title || null,
    comment: row.review.comment || null,
    submitted_at: row.review.createdAt.toISOString(),
    withdrawn: row.review.status === "withdrawn",
  };
}

export const certificationHandlers = defineHandlers({
  companyReviewsReplyPut: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, storage, now } = request.server.ctx;
    const { id } = request.params;
    const body = request.body.body.trim();
    if (!body) throw fieldError("body", E.replyRequired);
    if (body.length > REPLY_MAX_LENGTH) throw fieldError("body", E.replyTooLong(REPLY_MAX_LENGTH));
    const user = request.user;
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ status: reviews.status, replyBody: reviews.replyBody, orderId: reviews.orderId })
        .from(reviews)
        .where(and(eq(reviews.companyId, companyId), eq(reviews.id, id)))
        .for("update");
      if (!current) throw notFound();
      if (current.status !== "approved") throw conflict(E.replyNotApproved);
      const at = now();
      await assertReplyChangeRoom(tx, id, at);
      const first = current.replyBody === null;
      await tx
        .update(reviews)
        .set(
          first
            ? { replyBody: body, replyCreatedAt: at, replyUpdatedAt: at }
            : { replyBody: body, replyUpdatedAt: at },
        )
        .where(eq(reviews.id, id));
      await recordReviewEvents(tx, [
        {
          companyId,
          reviewId: id,
          kind: first ? "reply_published" : "reply_edited",
          actor: user ? { kind: "user", user } : { kind: "system" },
          note: body,
          at,
        },
      ]);
      if (current.orderId)
        await queueAuthorEmail(tx, { companyId, orderId: current.orderId, kind: "reply", at });
    });
    request.server.pipeline?.notify();
    reviewsChanged(companyId);
    const view = await getReviewView(db, storage, companyId, id);
    if (!view) throw notFound();
    return view;
  },

  companyReviewsReplyDelete: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, now } = request.server.ctx;
    const { id } = request.params;
    const user = request.user;
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ replyBody: reviews.replyBody })
        .from(reviews)
        .where(and(eq(reviews.companyId, companyId), eq(reviews.id, id)))
        .for("update");
      if (!current || current.replyBody === null) throw notFound(current ? E.noReply : undefined);
      const at = now();
      await assertReplyChangeRoom(tx, id, at);
      await tx
        .update(reviews)
        .set({ replyBody: null, replyCreatedAt: null, replyUpdatedAt: null })
        .where(eq(reviews.id, id));
      await recordReviewEvents(tx, [
        {
          companyId,
          reviewId: id,
          kind: "reply_deleted",
          actor: user ? { kind: "user", user } : { kind: "system" },
          at,
        },
      ]);
    });
    reviewsChanged(companyId);
    reply.code(204);
    return reply.send();
  },

  companyReviewsReport: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, now } = request.server.ctx;
    const { id } = request.params;
    const reason = request.body.reason.trim();
    if (!reason) throw fieldError("reason", E.reportRequired);
    const user = request.user;
    const [review] = await db
      .select({ status: reviews.status })
      .from(reviews)
      .where(and(eq(reviews.companyId, companyId), eq(reviews.id, id)));
    if (!review) throw notFound();
    // A doubt is logged, never acted upon by itself (ISO 20488 "flagging"): the status stays.
    const [event] = await db.transaction(async (tx) => {
      const at = now();
      if (user) await assertReportRoom(tx, user.id, at);
      return recordReviewEvents(tx, [
        {
          companyId,
          reviewId: id,
          kind: "reported",
          actor: user ? { kind: "user", user } : { kind: "system" },
          fromStatus: review.status,
          toStatus: review.status,
          reason,
          at,
        },
      ]);
    });
    if (!event) throw new Error("report not recorded");
    reply.code(201);
    return toEventView(event);
  },

  companyReviewsHistory: async (request) => {
    const companyId = callerCompanyId(request);
    const { db } = request.server.ctx;
    const { id } = request.params;
    const [review] = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.companyId, companyId), eq(reviews.id, id)));
    if (!review) throw notFound();
    const page = pageParams(request.query);
    const ofReview = and(eq(reviewEvents.companyId, companyId), eq(reviewEvents.reviewId, id));
    const [count, rows] = await Promise.all([
      countRows(db, reviewEvents, ofReview),
      db
        .select()
        .from(reviewEvents)
        .where(ofReview)
        .orderBy(asc(reviewEvents.seq))
        .limit(page.limit)
        .offset(page.offset),
    ]);
    return paged(request, page, count, rows.map(toEventView));
  },

  companyReviewsAuditCsv: async (request, reply) => {
    const companyId = callerCompanyId(request);
    reply.header("content-type", "text/csv; charset=utf-8");
    reply.header("content-disposition", 'attachment; filename="journal-moderation.csv"');
    // One page of rows buffered ahead of the socket at most: a slow reader holds no more.
    return reply.send(
      Readable.from(auditCsvChunks(request.server.ctx.database, companyId), { highWaterMark: 1 }),
    );
  },

  companyReviewsAwaitingReply: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, storage, now } = request.server.ctx;
    const rows = await db
      .select({ review: reviews, product: products, orderDate: orders.orderDate })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .leftJoin(orders, eq(orders.id, reviews.orderId))
      .where(
        and(
          eq(reviews.companyId, companyId),
          eq(reviews.status, "approved"),
          lte(reviews.rating, String(NEGATIVE_RATING_MAX)),
          isNull(reviews.replyBody),
          lte(reviews.publishedAt, sql`${replyExpectedCutoff(now()).toISOString()}::timestamptz`),
        ),
      )
      .orderBy(asc(reviews.publishedAt))
      .limit(20);
    return rows.map((row) => toReviewView(row, storage));
  },

  reviewWithdrawalGet: async (request) => {
    const { db, keys } = request.server.ctx;
    return withdrawalView(await reviewForToken(db, keys, request.query.token));
  },

  reviewWithdrawalConfirm: async (request) => {
    const { db, keys, now } = request.server.ctx;
    const row = await db.transaction(async (tx) => {
      const found = await reviewForToken(tx, keys, request.body.token, true);
      if (found.review.status === "withdrawn") return found;
      const at = now();
      await tx
        .update(reviews)
        .set({ status: "withdrawn", withdrawnAt: at })
        .where(eq(reviews.id, found.review.id));
      await recordReviewEvents(tx, [
        {
          companyId: found.review.companyId,
          reviewId: found.review.id,
          kind: "withdrawn",
          actor: { kind: "author" },
          fromStatus: found.review.status,
          toStatus: "withdrawn",
          at,
        },
      ]);
      return { ...found, review: { ...found.review, status: "withdrawn" } };
    });
    reviewsChanged(row.review.companyId);
    return withdrawalView(row);
  },

  publicProcedureGet: async (request, reply) => {
    const { db } = request.server.ctx;
    const [company] = await db
      .select(PROCEDURE_COLUMNS)
      .from(companies)
      .where(eq(companies.id, request.query.company_id));
    if (!company) throw notFound(E.companyUnknown);
    reply.header("cache-control", "public, max-age=300");
    reply.header("access-control-allow-origin", "*");
    const { config, now } = request.server.ctx;
    return procedureOf(company, config.orderPiiRetentionDays, now(), config.publicUrl);
  },
});

/** The columns of `companies` the procedure tells. */
export const PROCEDURE_COLUMNS = {
  id: companies.id,
  name: companies.name,
  website: companies.website,
  moderation: companies.moderation,
  moderationRequestedAt: companies.moderationRequestedAt,
  moderationEffectiveAt: companies.moderationEffectiveAt,
};

export function procedureOf(
  company: { id: string; name: string; website: string | null } & ModerationColumns,
  orderPiiRetentionDays: number,
  now: Date,
  publicUrl: string,
): ResponseOf<"publicProcedureGet", 200> {
  return {
    company: { id: company.id, name: company.name, website: company.website ?? null },
    max_publication_delay_days: MAX_PUBLICATION_DELAY_DAYS,
    retention_years: RETENTION_YEARS,
    order_pii_retention_days: orderPiiRetentionDays,
    rejection_reasons: REJECTION_REASONS.map((code) => ({ code, label: fr.certification.reasons[code] })),
    author_contactable: true,
    incentive: false,
    sort_order: "published_at_desc",
    moderation: moderationView(company, now),
    rules_url: moderationRulesUrl(publicUrl),
  };
}
