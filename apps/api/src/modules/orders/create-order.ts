import { randomUUID } from "node:crypto";
import type { OrderSource } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orders, products } from "../../db/schema";
import type { FieldErrors } from "../../http/errors";
import type { KeyRing } from "../../lib/keyring";
import { deriveReviewKey, hashReviewKey, REVIEW_KEY_LIFETIME_DAYS } from "../../lib/review-key";
import { enqueueWebhookEvents } from "../../lib/webhook-outbox";
import { addDays } from "../pipeline/clock";
import { scheduleOrderEmails } from "../pipeline/schedule";
import { isSuppressed } from "../privacy/suppressions";

/** One product of an order, by id or by SKU. */
export interface OrderItemData {
  productId?: string | null;
  sku?: string | null;
}

/** An order as `POST /orders/` and the CSV import give it, already shape-checked. */
export interface OrderData {
  /** Its products; without them, the one product named by `productId` or `sku`. */
  items?: OrderItemData[] | null;
  productId?: string | null;
  sku?: string | null;
  buyerEmail: string;
  buyerFirstName: string;
  buyerLastName: string;
  reference: string;
  orderDate?: Date | null;
  /** How it came in (`api` when not said). */
  source?: OrderSource;
}

export type OrderRow = typeof orders.$inferSelect;
type ProductRow = typeof products.$inferSelect;

/** An order: its head (line 0) and every line, each a product with its own review key. */
export type CreateOrderResult =
  | { ok: true; created: boolean; order: OrderRow; lines: OrderRow[] }
  | { ok: false; errors: FieldErrors };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function existingOrder(tx: DbOrTx, companyId: string, reference: string) {
  const lines = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.reference, reference)))
    .orderBy(asc(orders.line));
  const [order] = lines;
  return order ? { ok: true as const, created: false, order, lines } : null;
}

/**
 * The products an order names, in its order and each once, or the errors: the single form keeps its
 * `product_id`/`sku` field errors, the list form answers on `items` with the product's position.
 */
async function resolveProducts(
  tx: DbOrTx,
  companyId: string,
  data: OrderData,
): Promise<{ ok: true; products: ProductRow[] } | { ok: false; errors: FieldErrors }> {
  const single = !data.items?.length;
  const items = single ? [{ productId: data.productId, sku: data.sku }] : (data.items ?? []);
  const wanted = items.map((item) => ({
    productId: item.productId?.trim() || null,
    sku: item.productId ? null : item.sku?.trim() || null,
  }));
  const errors: string[] = [];
  wanted.forEach((item, index) => {
    if (!item.productId && !item.sku) errors.push(fr.server.orders.itemProductRequired(index + 1));
    else if (item.productId && !UUID.test(item.productId))
      errors.push(fr.server.orders.itemProductNotFound(index + 1, item.productId));
  });
  if (single && errors.length) {
    const [item] = wanted;
    const message = item?.productId ? fr.server.orders.productNotFound : fr.server.orders.productRequired;
    return { ok: false, errors: { product_id: [message] } };
  }
  if (errors.length) return { ok: false, errors: { items: errors } };
  const ids = wanted.flatMap((w) => (w.productId ? [w.productId] : []));
  const skus = wanted.flatMap((w) => (w.sku ? [w.sku] : []));
  const found = await tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        or(
          ids.length ? inArray(products.id, ids) : undefined,
          skus.length ? inArray(products.sku, skus) : undefined,
        ),
      ),
    );
  const resolved: ProductRow[] = [];
  wanted.forEach((item, index) => {
    const product = found.find((p) => (item.productId ? p.id === item.productId : p.sku === item.sku));
    if (product) {
      if (!resolved.some((p) => p.id === product.id)) resolved.push(product);
    } else errors.push(fr.server.orders.itemProductNotFound(index + 1, item.productId ?? item.sku ?? ""));
  });
  if (single && errors.length)
    return {
      ok: false,
      errors: { [wanted[0]?.productId ? "product_id" : "sku"]: [fr.server.orders.productNotFound] },
    };
  if (errors.length) return { ok: false, errors: { items: errors } };
  return { ok: true, products: resolved };
}

/**
 * Records an order for `companyId` (idempotent on its reference), one row per product, and in the
 * same transaction schedules its e-mails unless the address is on the company's suppression list or
 * every product is a draft (`email_stop` `skipped`).
 * Must run inside a transaction (`tx`).
 */
export async function createOrder(
  tx: DbOrTx,
  companyId: string,
  data: OrderData,
  options: { now: Date; secret: string | Uint8Array; keys: KeyRing },
): Promise<CreateOrderResult> {
  const reference = data.reference.trim();
  const existing = await existingOrder(tx, companyId, reference);
  if (existing) return existing;
  const resolved = await resolveProducts(tx, companyId, data);
  if (!resolved.ok) return resolved;

  const buyerEmail = data.buyerEmail.trim().toLowerCase();
  const suppressed = await isSuppressed(tx, options.keys, companyId, buyerEmail);
  // A draft product asks nobody for a review (issue 27.10): its e-mails wait on the others' delays,
  // and an order of draft products only is recorded without any e-mail.
  const mailed = resolved.products.filter((product) => product.status !== "draft");
  const emailStop = suppressed ? ("suppressed" as const) : mailed.length ? null : ("skipped" as const);
  const buyer = {
    companyId,
    reference,
    buyerEmail,
    buyerFirstName: data.buyerFirstName.trim(),
    buyerLastName: data.buyerLastName.trim(),
    orderDate: data.orderDate ?? options.now,
    reviewKeyExpiresAt: addDays(options.now, REVIEW_KEY_LIFETIME_DAYS),
    emailStop,
    source: data.source ?? "api",
    createdAt: options.now,
  };
  const lines = await tx
    .insert(orders)
    .values(
      resolved.products.map((product, line) => {
        const id = randomUUID();
        return {
          ...buyer,
          id,
          line,
          productId: product.id,
          reviewKeyHash: hashReviewKey(deriveReviewKey(options.secret, id)),
        };
      }),
    )
    .onConflictDoNothing({ target: [orders.companyId, orders.reference, orders.line] })
    .returning();
  const head = lines.find((row) => row.line === 0);
  if (!head) {
    // A concurrent request recorded the same reference first: its lines are the order, not ours.
    if (lines.length)
      await tx.delete(orders).where(
        inArray(
          orders.id,
          lines.map((row) => row.id),
        ),
      );
    const raced = await existingOrder(tx, companyId, reference);
    if (!raced) throw new Error("order vanished after a reference conflict");
    return raced;
  }
  // A buyer who left the company's mailings is still recorded, never e-mailed.
  if (!emailStop) await scheduleOrderEmails(tx, head, mailed);
  await enqueueWebhookEvents(tx, [{ companyId, type: "order.created", subjectId: head.id, at: options.now }]);
  return { ok: true, created: true, order: head, lines: lines.sort((a, b) => a.line - b.line) };
}
