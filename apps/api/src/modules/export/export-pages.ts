import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orders, products, reviewEvents, reviewFiles, reviews } from "../../db/schema";

/**
 * The company's rows for its export, one keyset page at a time (never the whole table in memory, no
 * transaction held open between two pages: PGlite is one session). Each page starts after the last
 * row of the previous one, by an index of the table.
 */

/** Where the previous page of reviews ended: `created_at` as the database's text (microseconds kept). */
export interface ReviewCursor {
  createdAt: string;
  id: string;
}

/**
 * Reviews by (created_at, id), `reviews_company_created_id_idx`; with their product and order. The
 * page is cut from `reviews` alone (an index scan in that order, whatever the planner thinks of the
 * joins), then its products and orders are read by id.
 */
export async function reviewsPage(db: DbOrTx, companyId: string, after: ReviewCursor | null, limit: number) {
  const page = await db
    .select({ review: reviews, cursorAt: sql<string>`${reviews.createdAt}::text` })
    .from(reviews)
    .where(
      and(
        eq(reviews.companyId, companyId),
        after
          ? sql`(${reviews.createdAt}, ${reviews.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(reviews.createdAt), asc(reviews.id))
    .limit(limit);
  const productIds = [...new Set(page.flatMap((r) => (r.review.productId ? [r.review.productId] : [])))];
  const orderIds = page.flatMap((r) => (r.review.orderId ? [r.review.orderId] : []));
  const [productRows, orderRows] = await Promise.all([
    productIds.length
      ? db
          .select({ id: products.id, name: products.name, sku: products.sku })
          .from(products)
          .where(inArray(products.id, productIds))
      : [],
    orderIds.length
      ? db
          .select({ id: orders.id, reference: orders.reference, buyerEmail: orders.buyerEmail })
          .from(orders)
          .where(inArray(orders.id, orderIds))
      : [],
  ]);
  const productsById = new Map(productRows.map((p) => [p.id, p]));
  const ordersById = new Map(orderRows.map((o) => [o.id, o]));
  return page.map(({ review, cursorAt }) => {
    const product = review.productId ? productsById.get(review.productId) : undefined;
    const order = review.orderId ? ordersById.get(review.orderId) : undefined;
    return {
      review,
      cursorAt,
      productName: product?.name ?? null,
      productSku: product?.sku ?? null,
      orderReference: order?.reference ?? null,
      buyerEmail: order?.buyerEmail ?? null,
    };
  });
}

export type ReviewRow = Awaited<ReturnType<typeof reviewsPage>>[number];

/** The stored photos and videos of a page of reviews (`review_files_review_idx`). */
export async function filesOf(db: DbOrTx, reviewIds: readonly string[]) {
  if (reviewIds.length === 0) return [];
  return db
    .select({
      reviewId: reviewFiles.reviewId,
      fieldId: reviewFiles.fieldId,
      path: reviewFiles.path,
      mimeType: reviewFiles.mimeType,
      sizeBytes: reviewFiles.sizeBytes,
    })
    .from(reviewFiles)
    .where(inArray(reviewFiles.reviewId, [...reviewIds]))
    .orderBy(asc(reviewFiles.reviewId), asc(reviewFiles.createdAt), asc(reviewFiles.id));
}

/** The moderation trail of a page of reviews, in the order it happened (`review_events_review_idx`). */
export async function trailOf(db: DbOrTx, reviewIds: readonly string[]) {
  if (reviewIds.length === 0) return [];
  return db
    .select()
    .from(reviewEvents)
    .where(inArray(reviewEvents.reviewId, [...reviewIds]))
    .orderBy(asc(reviewEvents.reviewId), asc(reviewEvents.seq));
}

/** Where the previous page of orders ended. */
export interface OrderCursor {
  reference: string;
  line: number;
}

/** Orders by (reference, line), the unique index `orders_company_reference_line_unique`; then their products and reviews by id. */
export async function ordersPage(db: DbOrTx, companyId: string, after: OrderCursor | null, limit: number) {
  const page = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        after ? sql`(${orders.reference}, ${orders.line}) > (${after.reference}, ${after.line})` : undefined,
      ),
    )
    .orderBy(asc(orders.reference), asc(orders.line))
    .limit(limit);
  if (page.length === 0) return [];
  const productIds = [...new Set(page.map((o) => o.productId))];
  const [productRows, reviewRows] = await Promise.all([
    db
      .select({ id: products.id, name: products.name, sku: products.sku })
      .from(products)
      .where(inArray(products.id, productIds)),
    db
      .select({ id: reviews.id, orderId: reviews.orderId })
      .from(reviews)
      .where(
        inArray(
          reviews.orderId,
          page.map((o) => o.id),
        ),
      ),
  ]);
  const productsById = new Map(productRows.map((p) => [p.id, p]));
  const reviewByOrder = new Map(reviewRows.map((r) => [r.orderId, r.id]));
  return page.map((order) => ({
    order,
    productName: productsById.get(order.productId)?.name ?? null,
    productSku: productsById.get(order.productId)?.sku ?? null,
    reviewId: reviewByOrder.get(order.id) ?? null,
  }));
}

/** Products by id (a company has few: its plan bounds them). */
export async function productsPage(db: DbOrTx, companyId: string, afterId: string | null, limit: number) {
  return db
    .select()
    .from(products)
    .where(
      and(eq(products.companyId, companyId), afterId ? sql`${products.id} > ${afterId}::uuid` : undefined),
    )
    .orderBy(asc(products.id))
    .limit(limit);
}
