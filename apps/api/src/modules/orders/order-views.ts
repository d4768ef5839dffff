import { type DeliveryFacts, orderEmailStatus, requestState } from "@certavis/domain";
import { and, asc, desc, eq, gte, inArray, lt, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailDeliveries, orderRequestStates, orderStats, orders, products, reviews } from "../../db/schema";
import type { SchemaOf } from "../../http/operation-types";
import type { OrderFilters } from "./order-filters";
import { orderFilterConditions, stateByRule, stateByTable } from "./order-filters";
import { hasStaleRequestStates, REFRESH_BATCH, refreshRequestStates } from "./request-states";

export type OrderView = SchemaOf<"Order">;
type ReviewStatus = OrderView["review_status"];
type OrderSource = OrderView["source"];
export type OrderRow = typeof orders.$inferSelect;

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

export interface ListOptions {
  productId?: string;
  limit: number;
  offset: number;
  /** The head after which the page starts (keyset), already checked to be this company's. */
  after?: Pick<OrderRow, "id"> | null;
  filters?: OrderFilters;
  /** Stale orders a state filter recomputes before it reads by the rule instead (tests: 0). */
  refreshOnRead?: number;
}

/** The list's sort key: the heads' columns, or their copy in `order_request_states`. */
type SortKey = { orderDate: SQLWrapper; createdAt: SQLWrapper; reference: SQLWrapper };

/**
 * The keyset condition: rows after `after` in the list's order (a row comparison on the index of `key`'s
 * table). The cursor's values are read in the database: a JavaScript date keeps milliseconds, PostgreSQL
 * keeps microseconds, and the heads of one import batch share their creation time (from the
 * milliseconds, the next page skipped the heads of the cursor's day created in its millisecond: the rest
 * of its batch).
 */
const afterCondition = (after: ListOptions["after"], key: SortKey = orders) =>
  after
    ? sql`(${key.orderDate}, ${key.createdAt}, ${key.reference}) < ((select c.order_date from orders c where c.id = ${after.id}), (select c.created_at from orders c where c.id = ${after.id}), (select c.reference from orders c where c.id = ${after.id}))`
    : undefined;

/** Stale orders recomputed by a list read at most, before it reads by the rule instead. */
const REFRESH_ON_READ = 4 * REFRESH_BATCH;

/**
 * Whether the company's states table answers for now, after recomputing what a read may: every order
 * noted stale when the read began is recomputed (what changes meanwhile is as if the read came first).
 */
async function statesUpToDate(db: DbOrTx, companyId: string, max = REFRESH_ON_READ): Promise<boolean> {
  if (!(await hasStaleRequestStates(db, companyId))) return true;
  for (let taken = 0; taken < max; ) {
    const batch = await refreshRequestStates(db, companyId);
    if (batch < REFRESH_BATCH) return true;
    taken += batch;
  }
  return false;
}

/**
 * A page of heads (line 0). With `productId`, the page of that product's lines (an index in the list's
 * order) names the orders, whose heads are then read: no scan of every order holding the product. With
 * a state, the page walks that state's rows of `order_request_states` in the list's order.
 */
async function pageOfHeads(db: DbOrTx, companyId: string, options: ListOptions): Promise<OrderRow[]> {
  const after = afterCondition(options.after);
  const filters = options.filters ? orderFilterConditions(options.filters) : [];
  const state = options.filters?.state;
  const byTable = state ? await statesUpToDate(db, companyId, options.refreshOnRead) : false;
  if (state && !byTable) filters.push(...stateByRule(companyId, state));
  const offset = options.after ? 0 : options.offset;
  const page = (where: SQL | undefined) =>
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...NEWEST)
      .limit(options.limit)
      .offset(offset);
  if (!options.productId) {
    if (!state || !byTable)
      return page(and(eq(orders.companyId, companyId), eq(orders.line, 0), after, ...filters));
    const s = orderRequestStates;
    const { from, to } = options.filters ?? {};
    const rows = await db
      .select({ order: orders })
      .from(s)
      .innerJoin(orders, eq(orders.id, s.headId))
      .where(
        and(
          eq(s.companyId, companyId),
          eq(s.state, state),
          afterCondition(options.after, s),
          from ? gte(s.orderDate, from) : undefined,
          to ? lt(s.orderDate, to) : undefined,
          ...filters,
        ),
      )
      .orderBy(desc(s.orderDate), desc(s.createdAt), desc(s.reference))
      .limit(options.limit)
      .offset(offset);
    return rows.map((row) => row.order);
  }
  if (state && byTable) filters.push(stateByTable(state));
  // A product's lines sort where their heads do; the filters read the head.
  const lines = await page(
    and(eq(orders.companyId, companyId), eq(orders.productId, options.productId), after),
  );
  const references = lines.map((line) => line.reference);
  if (!references.length) return [];
  const heads = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.line, 0),
        inArray(orders.reference, references),
        ...filters,
      ),
    );
  return references.flatMap((reference) => heads.filter((head) => head.reference === reference));
}

export interface OrderDelivery {
  id: string;
  orderId: string | null;
  kind: string;
  status: string;
  scheduledAt: Date | null;
  sentAt: Date | null;
  lastError: string | null;
  resentAt: Date | null;
  createdAt: Date;
}

export interface OrderFacts {
  head: OrderRow;
  lines: {
    order: OrderRow;
    productName: string;
    productStatus: string;
    review: { id: string; status: string; rating: string | null; createdAt: Date } | null;
  }[];
  /** Every e-mail of the order's lines (request and reminder on the head; thanks per line). */
  deliveries: OrderDelivery[];
}

/** What the views need of the heads: their lines, products, reviews and e-mails, in three reads. */
export async function factsOf(db: DbOrTx, companyId: string, heads: OrderRow[]): Promise<OrderFacts[]> {
  const references = heads.map((order) => order.reference);
  if (!references.length) return [];
  const lines = await db
    .select({
      order: orders,
      productName: products.name,
      productStatus: products.status,
      reviewId: reviews.id,
      reviewStatus: reviews.status,
      rating: reviews.rating,
      reviewedAt: reviews.createdAt,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(reviews, and(eq(reviews.orderId, orders.id), eq(reviews.subject, "product")))
    .where(and(eq(orders.companyId, companyId), inArray(orders.reference, references)))
    .orderBy(asc(orders.line));
  const deliveries = await db
    .select({
      id: emailDeliveries.id,
      orderId: emailDeliveries.orderId,
      kind: emailDeliveries.kind,
      status: emailDeliveries.status,
      scheduledAt: emailDeliveries.scheduledAt,
      sentAt: emailDeliveries.sentAt,
      lastError: emailDeliveries.lastError,
      resentAt: emailDeliveries.resentAt,
      createdAt: emailDeliveries.createdAt,
    })
    .from(emailDeliveries)
    .where(
      inArray(
        emailDeliveries.orderId,
        lines.map((l) => l.order.id),
      ),
    );
  return heads.map((head) => {
    const own = lines.filter((l) => l.order.reference === head.reference);
    const ids = new Set(own.map((l) => l.order.id));
    return {
      head,
      lines: own.map((l) => ({
        order: l.order,
        productName: l.productName,
        productStatus: l.productStatus,
        review:
          l.reviewId && l.reviewStatus && l.reviewedAt
            ? { id: l.reviewId, status: l.reviewStatus, rating: l.rating, createdAt: l.reviewedAt }
            : null,
      })),
      deliveries: deliveries.filter((d) => d.orderId !== null && ids.has(d.orderId)),
    };
  });
}

/** The order's request or reminder (on its head). */
export function headDelivery(facts: OrderFacts, kind: "request" | "reminder"): OrderDelivery | null {
  return facts.deliveries.find((d) => d.orderId === facts.head.id && d.kind === kind) ?? null;
}

const deliveryFacts = (d: OrderDelivery | null): DeliveryFacts | null =>
  d ? { status: d.status, scheduledAt: d.scheduledAt, sentAt: d.sentAt } : null;

/** An order as the contract's `Order`: its head with its items, each with its request's state. */
export function orderView(facts: OrderFacts): OrderView | null {
  const { head: order } = facts;
  const request = headDelivery(facts, "request");
  const reminder = headDelivery(facts, "reminder");
  const items = facts.lines.map((l) => {
    const state = requestState({
      stop: order.emailStop,
      anonymized: order.anonymizedAt !== null,
      productDraft: l.productStatus === "draft",
      reviewedAt: l.review?.createdAt ?? null,
      request: deliveryFacts(request),
      reminder: deliveryFacts(reminder),
    });
    return {
      id: l.order.id,
      product: { id: l.order.productId, name: l.productName },
      review_status: (l.review?.status as ReviewStatus | undefined) ?? "none",
      request: { state: state.state, at: iso(state.at), reason: state.reason },
    };
  });
  const [first] = items;
  if (!first) return null;
  const sentAt = (d: OrderDelivery | null) => (d?.status === "sent" ? iso(d.sentAt) : null);
  return {
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
    request_sent_at: sentAt(request),
    reminder_sent_at: sentAt(reminder),
    email_status: orderEmailStatus({
      stop: order.emailStop,
      requestSent: request?.status === "sent",
      reminderSent: reminder?.status === "sent",
      requestFailed: request?.status === "failed",
    }),
    source: order.source as OrderSource,
  };
}

/** Orders of a company as the contract's `Order` (its head, line 0, with its items), newest first. */
export async function listOrderViews(
  db: DbOrTx,
  companyId: string,
  options: ListOptions & { ids?: string[] },
): Promise<{
  count: number;
  /** A filtered list: more orders match than `count` says. */
  capped: boolean;
  results: OrderView[];
  /** The page's last head when another page follows (its id is the next cursor). */
  last: OrderRow | null;
}> {
  let heads: OrderRow[];
  let total: number;
  let more = false;
  const filtered =
    options.filters !== undefined &&
    (options.filters.state !== undefined || orderFilterConditions(options.filters).length > 0);
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
  } else if (filtered) {
    // A filtered list is not counted (a rare state would mean reading every order): one more head
    // than the page says whether more follow, and `count` is what was found up to this page.
    const found = await pageOfHeads(db, companyId, { ...options, limit: options.limit + 1 });
    more = found.length > options.limit;
    heads = found.slice(0, options.limit);
    total = (options.after ? 0 : options.offset) + heads.length;
  } else {
    [total, heads] = await Promise.all([
      countOrders(db, companyId, options.productId),
      pageOfHeads(db, companyId, options),
    ]);
    more = heads.length === options.limit;
  }
  const results = (await factsOf(db, companyId, heads)).flatMap((facts) => orderView(facts) ?? []);
  return { count: total, capped: filtered && more, results, last: more ? (heads.at(-1) ?? null) : null };
}
