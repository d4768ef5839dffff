import { expect } from "vitest";
import { reviews } from "../../src/db/schema";
import { createOrder } from "../../src/modules/orders/create-order";
import type { TestApp } from "./test-app";

/** A product created through the API (`POST /company/products/`) by the user of `headers`. */
export async function createProduct(
  t: TestApp,
  headers: Record<string, string>,
  name: string,
  status = "active",
): Promise<{ id: string; name: string }> {
  const res = await t.inject({
    method: "POST",
    url: "/api/v1/company/products/",
    headers,
    payload: { name, status },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string };
}

export interface ReviewRow {
  status: string;
  rating: number;
  at: Date;
  comment?: string;
  title?: string;
}

/** Orders counted per test app (each suite, each database), for unique references and comments. */
const sequences = new WeakMap<TestApp, number>();

/**
 * A real order of Léa Bernard (with its e-mail jobs) and, when `review` is given, its review row
 * written straight to the database (comment 'Avis <n>' unless given, n counting the orders).
 */
export async function orderWithReview(
  t: TestApp,
  companyId: string,
  productId: string,
  orderDate: Date,
  review?: ReviewRow,
) {
  const sequence = (sequences.get(t) ?? 0) + 1;
  sequences.set(t, sequence);
  return t.ctx.db.transaction(async (tx) => {
    const created = await createOrder(
      tx,
      companyId,
      {
        productId,
        buyerEmail: `acheteur-${sequence}@exemple.fr`,
        buyerFirstName: "Léa",
        buyerLastName: "Bernard",
        reference: `REF-${sequence}`,
        orderDate,
      },
      { now: orderDate, secret: t.ctx.keys.currentKey("review-key"), keys: t.ctx.keys },
    );
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    if (review) {
      await tx.insert(reviews).values({
        companyId,
        productId,
        orderId: created.order.id,
        rating: review.rating.toFixed(2),
        comment: review.comment ?? `Avis ${sequence}`,
        title: review.title ?? "",
        authorFirstName: "Léa",
        authorLastName: "Bernard",
        status: review.status,
        createdAt: review.at,
      });
    }
    return created.order;
  });
}
