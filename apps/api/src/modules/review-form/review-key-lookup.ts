import { fr } from "@certavis/i18n-fr/server";
import { and, asc, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies, forms, orders, products, reviews } from "../../db/schema";
import { detailError } from "../../http/errors";
import { hashReviewKey } from "../../lib/review-key";

/**
 * The order behind a review key with its product, company and form; 403 with a French detail for an
 * unknown, expired or already used key, or an order anonymised (its buyer erased, or past the
 * retention). `lock` takes the order row (one submission per order; an erasure takes it too, so a
 * submission under the lock sees an erasure committed meanwhile).
 */
export async function orderForReviewKey(db: DbOrTx, key: string, now: Date, lock = false) {
  const query = db
    .select({ order: orders, product: products, company: companies })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.reviewKeyHash, hashReviewKey(key)))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: orders }) : await query;
  if (!row) throw detailError(403, fr.server.submission.invalidKey);
  if (row.order.anonymizedAt) throw detailError(403, fr.server.submission.invalidKey);
  if (row.order.reviewKeyUsedAt) throw detailError(403, fr.server.submission.keyUsed);
  const [review] = await db
    .select({ id: reviews.id })
    .from(reviews)
    // The line's product review (the head line may also hold the order's store review).
    .where(and(eq(reviews.orderId, row.order.id), eq(reviews.subject, "product")))
    .limit(1);
  if (review) throw detailError(403, fr.server.submission.keyUsed);
  if (row.order.reviewKeyExpiresAt && row.order.reviewKeyExpiresAt.getTime() <= now.getTime())
    throw detailError(403, fr.server.submission.invalidKey);
  const form = await formOfProduct(db, row.company.id, row.product.formId);
  return { ...row, form };
}

/** The product's form, else the company's default (or oldest) form. */
export async function formOfProduct(db: DbOrTx, companyId: string, formId: string | null) {
  if (formId) {
    const [own] = await db
      .select()
      .from(forms)
      .where(and(eq(forms.companyId, companyId), eq(forms.id, formId)));
    if (own) return own;
  }
  const [fallback] = await db
    .select()
    .from(forms)
    .where(eq(forms.companyId, companyId))
    .orderBy(desc(forms.isDefault), asc(forms.createdAt))
    .limit(1);
  if (!fallback) throw detailError(403, fr.server.submission.invalidKey);
  return fallback;
}
