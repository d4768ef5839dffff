import { STORE_REVIEW_LINE, storeQuestionOpen } from "@certavis/domain";
import { and, asc, eq, isNull, ne, notExists } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { type companies, orders, products, reviews } from "../../db/schema";
import { publicImageUrl } from "../../lib/image-url";
import type { KeyRing } from "../../lib/keyring";
import { reviewKeyOf } from "../../lib/review-key";
import type { FileStorage } from "../../lib/storage";
import { hasStoreReview } from "./store-review";

/**
 * The question about the shop for the order of `order` (asked with `key`, any line's key), while the
 * company collects store reviews and the order's head line has none; null otherwise.
 */
export async function storeQuestionFor(
  db: DbOrTx,
  input: {
    order: typeof orders.$inferSelect;
    company: typeof companies.$inferSelect;
    key: string;
  },
): Promise<{ shop_name: string; api_key: string } | null> {
  const { order, company, key } = input;
  if (!company.storeReviews) return null;
  const [head] =
    order.line === STORE_REVIEW_LINE
      ? [order]
      : await db
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.companyId, order.companyId),
              eq(orders.reference, order.reference),
              eq(orders.line, STORE_REVIEW_LINE),
            ),
          );
  const open = head ? storeQuestionOpen(company.storeReviews, await hasStoreReview(db, head.id)) : false;
  return open ? { shop_name: company.name, api_key: key } : null;
}

/**
 * What the form shows around one product: the question about the shop first (while the company
 * collects store reviews and the order has none), and the order's other products still to review,
 * each with its own key (derived, never stored: the buyer holds every link of the order already).
 */
export async function orderAround(
  db: DbOrTx,
  storage: FileStorage,
  keys: KeyRing,
  input: {
    order: typeof orders.$inferSelect;
    company: typeof companies.$inferSelect;
    key: string;
  },
) {
  const { order } = input;
  const lines = await db
    .select({ order: orders, product: products })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(
        eq(orders.companyId, order.companyId),
        eq(orders.reference, order.reference),
        ne(orders.id, order.id),
        isNull(orders.reviewKeyUsedAt),
        notExists(
          db
            .select({ id: reviews.id })
            .from(reviews)
            .where(and(eq(reviews.orderId, orders.id), eq(reviews.subject, "product"))),
        ),
      ),
    )
    .orderBy(asc(orders.line));
  const secrets = keys.all("review-key");
  return {
    storeQuestion: await storeQuestionFor(db, input),
    otherProducts: lines.map((line) => ({
      id: line.product.id,
      name: line.product.name,
      image: publicImageUrl(storage, line.product.imagePath),
      api_key: reviewKeyOf(secrets, line.order.id, line.order.reviewKeyHash),
    })),
  };
}
