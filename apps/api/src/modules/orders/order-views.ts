import { orderEmailStatus } from "@certavis/domain";
import { and, asc, desc, eq, exists, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { emailDeliveries, orders, products, reviews } from "../../db/schema";
import type { SchemaOf } from "../../http/operation-types";

export type OrderView = SchemaOf<"Order">;
type ReviewStatus = OrderView["review_status"];

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Orders of a company as the contract's `Order` (its head, line 0, with its items), newest first. */
export async function listOrderViews(
  db: DbOrTx,
  companyId: string,
  options: { ids?: string[]; productId?: string; limit: number; offset: number },
): Promise<{ count: number; results: OrderView[] }> {
  const conditions = [eq(orders.companyId, companyId), eq(orders.line, 0)];
  if (options.ids)
    conditions.push(
      inArray(orders.id, options.ids.length ? options.ids : ["00000000-0000-0000-0000-000000000000"]),
    );
  if (options.productId) {
    const line = alias(orders, "line");
    conditions.push(
      exists(
        db
          .select({ id: line.id })
          .from(line)
          .where(
            and(
              eq(line.companyId, orders.companyId),
              eq(line.reference, orders.reference),
              eq(line.productId, options.productId),
            ),
          ),
      ),
    );
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
  const heads = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.orderDate), desc(orders.createdAt))
    .limit(options.limit)
    .offset(options.offset);
  const references = heads.map((order) => order.reference);
  const lines = references.length
    ? await db
        .select({ order: orders, productName: products.name, reviewStatus: reviews.status })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .leftJoin(reviews, eq(reviews.orderId, orders.id))
        .where(and(eq(orders.companyId, companyId), inArray(orders.reference, references)))
        .orderBy(asc(orders.line))
    : [];
  const ids = heads.map((order) => order.id);
  const sent = ids.length
    ? await db
        .select({
          orderId: emailDeliveries.orderId,
          kind: emailDeliveries.kind,
          sentAt: emailDeliveries.sentAt,
          status: emailDeliveries.status,
        })
        .from(emailDeliveries)
        .where(
          and(inArray(emailDeliveries.orderId, ids), inArray(emailDeliveries.status, ["sent", "failed"])),
        )
    : [];
  const sentAt = (orderId: string, kind: string) =>
    iso(sent.find((s) => s.orderId === orderId && s.kind === kind && s.status === "sent")?.sentAt);
  const results: OrderView[] = [];
  for (const order of heads) {
    const items = lines
      .filter((l) => l.order.reference === order.reference)
      .map((l) => ({
        id: l.order.id,
        product: { id: l.order.productId, name: l.productName },
        review_status: (l.reviewStatus as ReviewStatus | null) ?? "none",
      }));
    const [first] = items;
    if (!first) continue;
    results.push({
      id: order.id,
      reference: order.reference,
      product: first.product,
      items,
      buyer_email: order.buyerEmail,
      buyer_first_name: order.buyerFirstName,
      buyer_last_name: order.buyerLastName,
      anonymized_at: iso(order.anonymizedAt),
      order_date: order.orderDate.toISOString(),
      created_at: order.createdAt.toISOString(),
      review_status: first.review_status,
      request_sent_at: sentAt(order.id, "request"),
      reminder_sent_at: sentAt(order.id, "reminder"),
      email_status: orderEmailStatus({
        stop: order.emailStop,
        requestSent: sentAt(order.id, "request") !== null,
        reminderSent: sentAt(order.id, "reminder") !== null,
        requestFailed: sent.some(
          (s) => s.orderId === order.id && s.kind === "request" && s.status === "failed",
        ),
      }),
    });
  }
  return { count: total?.n ?? 0, results };
}
