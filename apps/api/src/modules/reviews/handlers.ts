import { isModerable, isReadOnlyReview, normalizeReviewStatus, shopModerates } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq } from "drizzle-orm";
import { products, reviews } from "../../db/schema";
import { callerCompanyId } from "../../http/caller";
import { conflict, fieldError, forbidden, notFound } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { reviewsChanged } from "../../lib/reviews-changed";
import { moderationOf } from "../moderation/company-moderation";
import { insertDecision } from "../moderation/decisions";
import { queueAuthorEmail } from "../review-trail/author-emails";
import { recordReviewEvents } from "../review-trail/review-events";
import { getReviewView, listReviewViews } from "./review-views";

export const reviewHandlers = defineHandlers({
  companyReviewsList: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, storage } = request.server.ctx;
    const page = pageParams(request.query);
    const { product_id, rating, status, search } = request.query;
    const { count, results } = await listReviewViews(
      db,
      storage,
      companyId,
      { productId: product_id, rating, status, search },
      page,
    );
    return paged(request, page, count, results);
  },

  companyReviewsUpdate: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, storage, now, keys } = request.server.ctx;
    const { id } = request.params;
    const { status, rejection_reason: reason, rejection_note: rawNote } = request.body;
    // A rejection names its reason (ARCHITECTURE §10.9); the author is told by e-mail.
    if (status === "rejected" && !reason)
      throw fieldError("rejection_reason", fr.certification.errors.reasonRequired);
    const note = status === "rejected" ? rawNote?.trim() || null : null;
    const user = request.user;
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ status: reviews.status, orderId: reviews.orderId })
        .from(reviews)
        .where(and(eq(reviews.companyId, companyId), eq(reviews.id, id)))
        .for("update");
      if (!current) throw notFound();
      // Certavis mode (ARCHITECTURE §10.19): operators decide, the shop replies and contests.
      if (!shopModerates(await moderationOf(tx, companyId, now())))
        throw forbidden(fr.server.moderation.errors.shopCannotModerate);
      if (isReadOnlyReview(normalizeReviewStatus(current.status)))
        throw conflict(fr.certification.errors.readOnly);
      // One-way (ARCHITECTURE §10.12): a decision is final, so an approved review stays published.
      if (!isModerable(current.status)) throw conflict(fr.certification.errors.alreadyModerated);
      const at = now();
      await tx
        .update(reviews)
        .set({
          status,
          moderatedAt: at,
          moderatedBy: user?.id ?? null,
          rejectionReason: status === "rejected" ? (reason ?? null) : null,
          rejectionNote: note,
        })
        .where(eq(reviews.id, id));
      await recordReviewEvents(tx, [
        {
          companyId,
          reviewId: id,
          kind: status,
          actor: user ? { kind: "user", user } : { kind: "system" },
          fromStatus: current.status,
          toStatus: status,
          reason: status === "rejected" ? (reason ?? null) : null,
          note,
          at,
        },
      ]);
      // The statement of reasons (DSA art. 17) the rejection e-mail is rendered from, with its appeal.
      if (status === "rejected" && reason)
        await insertDecision(
          tx,
          {
            companyId,
            reviewId: id,
            decision: "rejected",
            reason,
            facts: fr.server.moderation.facts.shopRejection,
            note,
            automated: false,
            decidedBy: "shop",
            user: user ?? null,
            source: "review",
            sourceId: null,
            at,
          },
          keys.all("review-key")[0] ?? "",
        );
      if (status === "rejected" && current.orderId)
        await queueAuthorEmail(tx, { companyId, orderId: current.orderId, kind: "rejection", at });
    });
    request.server.pipeline?.notify();
    reviewsChanged(companyId);
    const view = await getReviewView(db, storage, companyId, id);
    if (!view) throw notFound();
    return view;
  },

  companyProductsReviewsList: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, storage } = request.server.ctx;
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.id, request.params.id)));
    if (!product) throw notFound();
    const page = pageParams(request.query);
    const { count, results } = await listReviewViews(db, storage, companyId, { productId: product.id }, page);
    return paged(request, page, count, results);
  },
});
