import type { OrderSource, RequestState } from "@certavis/domain";
import { eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { orders } from "../../db/schema";

/** Commandes' search and filters, as the list query gives them (already checked). */
export interface OrderFilters {
  /** A reference's start, or (`emailSearch`) a buyer's address's start. */
  q?: string;
  /** May `q` match buyers' addresses (roles that see them, ARCHITECTURE §10.13). */
  emailSearch?: boolean;
  state?: RequestState;
  source?: OrderSource;
  /** Orders dated from this instant, and before `to`. */
  from?: Date;
  to?: Date;
}

/**
 * `column` starts with `prefix`, as a range of the `text_pattern_ops` index (byte order, so a LIKE's
 * wildcards in the search are plain characters): [prefix, prefix with its last character's next).
 */
function startsWith(column: typeof orders.reference | typeof orders.buyerEmail, prefix: string): SQL {
  const points = [...prefix];
  const last = points.pop() ?? "";
  const upper = points.join("") + String.fromCodePoint(Math.min((last.codePointAt(0) ?? 0) + 1, 0x10ffff));
  return sql`(${column} ~>=~ ${prefix} and ${column} ~<~ ${upper})`;
}

const request = (statuses: string) =>
  sql.raw(
    `exists (select 1 from email_deliveries d where d.order_id = "orders"."id" and d.kind = 'request' and d.status in (${statuses}))`,
  );
const reminderSent = sql.raw(
  `exists (select 1 from email_deliveries d where d.order_id = "orders"."id" and d.kind = 'reminder' and d.status = 'sent')`,
);
/** A line of the order (the head's reference) matching `condition` on `l` (and its product `p`). */
const someLine = (condition: string) =>
  sql.raw(
    `exists (select 1 from orders l join products p on p.id = l.product_id where l.company_id = "orders"."company_id" and l.reference = "orders"."reference" and ${condition})`,
  );
const reviewed = sql.raw(
  `exists (select 1 from orders l join reviews r on r.order_id = l.id where l.company_id = "orders"."company_id" and l.reference = "orders"."reference")`,
);
const going = sql`${orders.emailStop} is null and ${orders.anonymizedAt} is null`;

/**
 * Orders where at least one product's request is in `state` (domain `requestState`, read on the
 * head's deliveries): a stop, a draft product not yet asked, the quota's hold or a cancellation is
 * `skipped`.
 */
const STATE: Record<RequestState, SQL> = {
  scheduled: sql`(${going} and ${request("'scheduled', 'sending'")} and ${someLine("p.status <> 'draft' and not exists (select 1 from reviews r where r.order_id = l.id)")})`,
  sent: sql`(${going} and ${request("'sent'")} and not ${reminderSent})`,
  reminded: sql`(${going} and ${reminderSent})`,
  reviewed,
  skipped: sql`(${orders.emailStop} is not null or ${orders.anonymizedAt} is not null or ${request("'held', 'cancelled'")} or (not ${request("'sent'")} and ${someLine("p.status = 'draft'")}))`,
  failed: sql`(${going} and ${request("'failed'")})`,
};

/** Conditions on the head (line 0) for the filters given; none when nothing filters. */
export function orderFilterConditions(filters: OrderFilters): SQL[] {
  const conditions: SQL[] = [];
  const q = filters.q?.trim();
  if (q) {
    const byReference = startsWith(orders.reference, q);
    conditions.push(
      filters.emailSearch
        ? sql`(${byReference} or ${startsWith(orders.buyerEmail, q.toLowerCase())})`
        : byReference,
    );
  }
  if (filters.state) conditions.push(STATE[filters.state]);
  if (filters.source) conditions.push(eq(orders.source, filters.source));
  if (filters.from) conditions.push(gte(orders.orderDate, filters.from));
  if (filters.to) conditions.push(lt(orders.orderDate, filters.to));
  return conditions;
}
