import { and, eq, ne } from "drizzle-orm";
import { products, reviews } from "../../db/schema";
import { callerCompanyId } from "../../http/caller";
import { conflict, notFound } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { clearPublicReviewsMemo } from "../public/public-reviews";
import { getReviewView, listReviewViews } from "./review-views";

export const STALE_REVIEW = "Avis introuvable ou déjà mis à jour.";

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
    const { db, storage, now } = request.server.ctx;
    const { id } = request.params;
    // Spec §4: pending → approved|rejected, and from the badge menu approved ↔ rejected (the contract
    // refuses pending as a target). Already in that status: a stale click, 409.
    const updated = await db
      .update(reviews)
      .set({ status: request.body.status, moderatedAt: now(), moderatedBy: request.user?.id ?? null })
      .where(
        and(eq(reviews.companyId, companyId), eq(reviews.id, id), ne(reviews.status, request.body.status)),
      )
      .returning({ id: reviews.id });
    if (updated.length === 0) {
      const existing = await getReviewView(db, storage, companyId, id);
      if (!existing) throw notFound();
      throw conflict(STALE_REVIEW);
    }
    clearPublicReviewsMemo(companyId);
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
