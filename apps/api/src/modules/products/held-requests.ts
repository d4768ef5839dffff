import { reviewWindowStart } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq, exists, gt, gte, inArray, ne, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "../../db/client";
import { emailDeliveries, orders, products } from "../../db/schema";
import { conflict, notFound } from "../../http/errors";
import type { KeyRing } from "../../lib/keyring";
import { scheduleOrderEmails } from "../pipeline/schedule";
import { isSuppressed } from "../privacy/suppressions";

/**
 * Heads of the orders held by `productId` (issue 42 §2): recorded without e-mail (`skipped`: every
 * product was a draft), holding this product, within the review window (order at most 30 days old,
 * review link valid), never requested. None while the product is a draft.
 */
async function heldHeads(db: DbOrTx, companyId: string, productId: string, now: Date) {
  const line = alias(orders, "line");
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.line, 0),
        eq(orders.emailStop, "skipped"),
        gte(orders.orderDate, reviewWindowStart(now)),
        gt(orders.reviewKeyExpiresAt, now),
        exists(
          db
            .select({ id: line.id })
            .from(line)
            .where(
              and(
                eq(line.companyId, orders.companyId),
                eq(line.reference, orders.reference),
                eq(line.productId, productId),
              ),
            ),
        ),
        notExists(
          db
            .select({ id: emailDeliveries.id })
            .from(emailDeliveries)
            .where(and(eq(emailDeliveries.orderId, orders.id), eq(emailDeliveries.kind, "request"))),
        ),
      ),
    );
}

async function productOf(db: DbOrTx, companyId: string, productId: string) {
  const [product] = await db
    .select({ status: products.status })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.companyId, companyId)));
  if (!product) throw notFound();
  return product;
}

/** `GET /company/products/{id}/held-requests/`: how many held orders can get their request now. */
export async function countHeldRequests(db: Db, companyId: string, productId: string, now: Date) {
  const product = await productOf(db, companyId, productId);
  if (product.status === "draft") return { orders: 0 };
  return { orders: (await heldHeads(db, companyId, productId, now)).length };
}

/**
 * `POST /company/products/{id}/held-requests/`: each held order's request (and reminder) scheduled
 * from its date with its active products' delays, in one transaction; an unsubscribed buyer's order
 * is marked `suppressed` instead (never written to). 409 while the product is a draft.
 */
export async function sendHeldRequests(
  db: Db,
  keys: KeyRing,
  companyId: string,
  productId: string,
  now: Date,
): Promise<{ orders: number }> {
  return db.transaction(async (tx) => {
    const product = await productOf(tx, companyId, productId);
    if (product.status === "draft") throw conflict(fr.server.products.activateFirst);
    const heads = await heldHeads(tx, companyId, productId, now);
    let sent = 0;
    for (const head of heads) {
      const lines = await tx
        .select({ id: orders.id, product: products })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(and(eq(orders.companyId, companyId), eq(orders.reference, head.reference)));
      const mailed = lines.map((l) => l.product).filter((p) => p.status !== "draft");
      const suppressed = await isSuppressed(tx, keys, companyId, head.buyerEmail);
      const stop = suppressed ? ("suppressed" as const) : null;
      await tx
        .update(orders)
        .set({ emailStop: stop })
        .where(
          and(
            inArray(
              orders.id,
              lines.map((l) => l.id),
            ),
            ne(orders.emailStop, "suppressed"),
          ),
        );
      if (suppressed || !mailed.length) continue;
      await scheduleOrderEmails(tx, head, mailed);
      sent += 1;
    }
    return { orders: sent };
  });
}
