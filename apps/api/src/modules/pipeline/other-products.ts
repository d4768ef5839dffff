import { and, asc, eq, gt, isNull, ne, notExists, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orders, products, reviews } from "../../db/schema";
import { reviewKeyOf, reviewUrl } from "../../lib/review-key";

/**
 * The other products of an order still to review (not reviewed, link still open), with their own
 * review links: after one review, the thank-you page and the thanks e-mail lead to them. After the
 * store review (`storeReview`), every product of the order still to review, its head's included.
 */
export async function otherProductsToReview(
  db: DbOrTx,
  order: { id: string; companyId: string; reference: string },
  links: { formUrl: string; secrets: readonly (string | Uint8Array)[] },
  now: Date,
  storeReview = false,
): Promise<Array<{ orderId: string; productName: string; imagePath: string | null; reviewUrl: string }>> {
  const rows = await db
    .select({ order: orders, product: products })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(
        eq(orders.companyId, order.companyId),
        eq(orders.reference, order.reference),
        storeReview ? undefined : ne(orders.id, order.id),
        isNull(orders.reviewKeyUsedAt),
        isNull(orders.anonymizedAt),
        or(isNull(orders.reviewKeyExpiresAt), gt(orders.reviewKeyExpiresAt, now)),
        notExists(
          db
            .select({ id: reviews.id })
            .from(reviews)
            .where(and(eq(reviews.orderId, orders.id), eq(reviews.subject, "product"))),
        ),
      ),
    )
    .orderBy(asc(orders.line));
  return rows.map(({ order: line, product }) => ({
    orderId: line.id,
    productName: product.name,
    imagePath: product.imagePath,
    reviewUrl: reviewUrl(links.formUrl, reviewKeyOf(links.secrets, line.id, line.reviewKeyHash)),
  }));
}
