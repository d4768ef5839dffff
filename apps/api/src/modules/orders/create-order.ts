import { randomUUID } from "node:crypto";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orders, products } from "../../db/schema";
import type { FieldErrors } from "../../http/errors";
import { deriveReviewKey, hashReviewKey, REVIEW_KEY_LIFETIME_DAYS } from "../../lib/review-key";
import { addDays } from "../pipeline/clock";
import { scheduleOrderEmails } from "../pipeline/schedule";
import { isSuppressed } from "../privacy/suppressions";

/** An order as `POST /orders/` and the CSV import give it, already shape-checked. */
export interface OrderData {
  productId?: string | null;
  sku?: string | null;
  buyerEmail: string;
  buyerFirstName: string;
  buyerLastName: string;
  reference: string;
  orderDate?: Date | null;
}

export type OrderRow = typeof orders.$inferSelect;

export type CreateOrderResult =
  | { ok: true; created: boolean; order: OrderRow; product: { id: string; name: string } }
  | { ok: false; errors: FieldErrors };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records an order for `companyId` (idempotent on its reference) and, in the same transaction,
 * schedules its e-mails unless the address is on the company's suppression list. Must run inside a
 * transaction (`tx`).
 */
export async function createOrder(
  tx: DbOrTx,
  companyId: string,
  data: OrderData,
  options: { now: Date; secret: string | Uint8Array },
): Promise<CreateOrderResult> {
  const reference = data.reference.trim();
  const [existing] = await tx
    .select({ order: orders, product: { id: products.id, name: products.name } })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.companyId, companyId), eq(orders.reference, reference)))
    .limit(1);
  if (existing) return { ok: true, created: false, ...existing };

  let productField: "product_id" | "sku" = "product_id";
  let productCondition = null;
  if (data.productId) {
    if (!UUID.test(data.productId))
      return { ok: false, errors: { product_id: [fr.server.orders.productNotFound] } };
    productCondition = eq(products.id, data.productId);
  } else if (data.sku?.trim()) {
    productField = "sku";
    productCondition = eq(products.sku, data.sku.trim());
  } else {
    return { ok: false, errors: { product_id: [fr.server.orders.productRequired] } };
  }
  const [product] = await tx
    .select()
    .from(products)
    .where(and(eq(products.companyId, companyId), productCondition))
    .limit(1);
  if (!product) return { ok: false, errors: { [productField]: [fr.server.orders.productNotFound] } };

  const id = randomUUID();
  const buyerEmail = data.buyerEmail.trim().toLowerCase();
  const suppressed = await isSuppressed(tx, companyId, buyerEmail);
  const [order] = await tx
    .insert(orders)
    .values({
      id,
      companyId,
      productId: product.id,
      reference,
      buyerEmail,
      buyerFirstName: data.buyerFirstName.trim(),
      buyerLastName: data.buyerLastName.trim(),
      orderDate: data.orderDate ?? options.now,
      reviewKeyHash: hashReviewKey(deriveReviewKey(options.secret, id)),
      reviewKeyExpiresAt: addDays(options.now, REVIEW_KEY_LIFETIME_DAYS),
      emailStop: suppressed ? "suppressed" : null,
      createdAt: options.now,
    })
    .onConflictDoNothing({ target: [orders.companyId, orders.reference] })
    .returning();
  if (!order) {
    // A concurrent request recorded the same reference first.
    const [raced] = await tx
      .select({ order: orders, product: { id: products.id, name: products.name } })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(eq(orders.companyId, companyId), eq(orders.reference, reference)))
      .limit(1);
    if (!raced) throw new Error("order vanished after a reference conflict");
    return { ok: true, created: false, ...raced };
  }
  // A buyer who left the company's mailings is still recorded, never e-mailed.
  if (!suppressed) await scheduleOrderEmails(tx, order, product);
  return { ok: true, created: true, order, product: { id: product.id, name: product.name } };
}
