import { orderEmailStatus } from "@certavis/domain";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailDeliveries, orderStats, orders, products, reviews } from "../../db/schema";
import type { SchemaOf } from "../../http/operation-types";

export type OrderView = SchemaOf<"Order">;
type ReviewStatus = OrderView["review_status"];
type OrderRow = typeof orders.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Newest order date first; an order's lines share its date, creation time and reference. */
const NEWEST = [desc(orders.orderDate), desc(orders.createdAt), desc(orders.reference)];

/** The company's orders, or those holding `productId`: from `order_stats`, not a count of rows. */
async function countOrders(db: DbOrTx, companyId: string, productId: string | undefined): Promise<number> {
  const conditions = [eq(orderStats.companyId, companyId)];
  if (productId) conditions.push(eq(orderStats.productId, productId));
  const [row] = await db
    .select({
      n: productId
        ? sql<number>`coalesce(sum(${orderStats.orders}), 0)::int`
        : sql<number>`coalesce(sum(${orderStats.heads}), 0)::int`,
    })
    .from(orderStats)
    .where(and(...conditions));
  return row?.n ?? 0;
}

/**
 * A page of heads (line 0). With `productId`, the page of that product's lines (an index in the list's
 * order) names the orders, whose heads are then read: no scan of every order holding the product.
 */
async function pageOfHeads(
  db: DbOrTx,
  companyId: string,
  options: { productId?: string; limit: number; offset: number },
): Promise<OrderRow[]> {
  const page = (where: SQL | undefined) =>
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...NEWEST)
      .limit(options.limit)
      .offset(options.offset);
  if (!options.productId) return page(and(eq(orders.companyId, companyId), eq(orders.line, 0)));
  const lines = await page(and(eq(orders.companyId, companyId), eq(orders.productId, options.productId)));
  const references = lines.map((line) => line.reference);
  if (!references.length) return [];
  const heads = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.line, 0), inArray(orders.reference, references)));
  return references.flatMap((reference) => heads.filter((head) => head.reference === reference));
}

/** Orders of a company as the contract's `Order` (its head, line 0, with its items), newest first. */
export async function listOrderViews(
  db: DbOrTx,
  companyId: string,
  options: { ids?: string[]; productId?: string; limit: number; offset: number },
): Promise<{ count: number; results: OrderView[] }> {
  let heads: OrderRow[];
  let total: number;
  if (options.ids) {
    heads = options.ids.length
      ? await db
          .select()
          .from(orders)
          .where(and(eq(orders.companyId, companyId), eq(orders.line, 0), inArray(orders.id, options.ids)))
          .orderBy(...NEWEST)
      : [];
    total = heads.length;
    heads = heads.slice(options.offset, options.offset + options.limit);
  } else {
    total = await countOrders(db, companyId, options.productId);
    heads = await pageOfHeads(db, companyId, options);
  }
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
  return { count: total, results };
}
