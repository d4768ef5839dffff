import { orderEmailStatus } from "@certavis/domain";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailDeliveries, orders, products, reviews } from "../../db/schema";
import type { SchemaOf } from "../../http/operation-types";

export type OrderView = SchemaOf<"Order">;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Orders of a company as the contract's `Order`, newest order date first. */
export async function listOrderViews(
  db: DbOrTx,
  companyId: string,
  options: { ids?: string[]; productId?: string; limit: number; offset: number },
): Promise<{ count: number; results: OrderView[] }> {
  const conditions = [eq(orders.companyId, companyId)];
  if (options.ids)
    conditions.push(
      inArray(orders.id, options.ids.length ? options.ids : ["00000000-0000-0000-0000-000000000000"]),
    );
  if (options.productId) conditions.push(eq(orders.productId, options.productId));
  const where = and(...conditions);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
  const rows = await db
    .select({ order: orders, productName: products.name, reviewStatus: reviews.status })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.orderDate), desc(orders.createdAt))
    .limit(options.limit)
    .offset(options.offset);
  const ids = rows.map((r) => r.order.id);
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
  return {
    count: total?.n ?? 0,
    results: rows.map(({ order, productName, reviewStatus }) => ({
      id: order.id,
      reference: order.reference,
      product: { id: order.productId, name: productName },
      buyer_email: order.buyerEmail,
      buyer_first_name: order.buyerFirstName,
      buyer_last_name: order.buyerLastName,
      order_date: order.orderDate.toISOString(),
      created_at: order.createdAt.toISOString(),
      review_status: (reviewStatus as OrderView["review_status"] | null) ?? "none",
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
    })),
  };
}
