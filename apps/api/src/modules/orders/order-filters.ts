import type { OrderSource, RequestState } from "@certavis/domain";
import { eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { orders } from "../../db/schema";
import { someLineIn } from "./request-states";

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

/** The company's heads whose request or reminder has one of `statuses` (from the e-mails' side). */
const headsWith = (companyId: string, kind: "request" | "reminder", statuses: string[]) =>
  sql`"orders"."id" in (select d.order_id from email_deliveries d where d.company_id = ${companyId} and d.kind = ${kind} and d.status in ${statuses})`;

/**
 * What an order in `state` must have, from the side where such orders are few (a failed request, a
 * review, a stop, a draft product): the database can start from those rather than read every order
 * newest first and look at each. Each is implied by the rule; `someLineIn` then decides.
 */
function necessary(companyId: string, state: RequestState): SQL | undefined {
  switch (state) {
    case "failed":
      return headsWith(companyId, "request", ["failed"]);
    case "reviewed":
      return sql`("orders"."company_id", "orders"."reference") in (select l.company_id, l.reference from reviews r join orders l on l.id = r.order_id where r.company_id = ${companyId} and r.subject = 'product')`;
    case "skipped":
      return sql`("orders"."email_stop" is not null or "orders"."anonymized_at" is not null
        or ${headsWith(companyId, "request", ["held", "cancelled"])}
        or ("orders"."company_id", "orders"."reference") in (select l.company_id, l.reference from products p join orders l on l.product_id = p.id where p.company_id = ${companyId} and p.status = 'draft'))`;
    default:
      // Scheduled, sent, reminded: most orders are, and the newest are found first.
      return undefined;
  }
}

/**
 * The state filter by the rule itself, on each order: what the list reads while the company has orders
 * whose states table rows are not recomputed yet (just after the migration, or a product of 100,000
 * orders made a draft). Otherwise the list walks `order_request_states` (`stateByTable`).
 */
export function stateByRule(companyId: string, state: RequestState): SQL[] {
  const first = necessary(companyId, state);
  return first ? [first, someLineIn(state)] : [someLineIn(state)];
}

/** The head `"orders"` has a product whose request is in `state`, by the states table. */
export const stateByTable = (state: RequestState) =>
  sql`exists (select 1 from order_request_states s where s.head_id = ${orders.id} and s.state = ${state})`;

/** Conditions on the heads (line 0) for the search, source and period; the state is apart. */
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
  if (filters.source) conditions.push(eq(orders.source, filters.source));
  if (filters.from) conditions.push(gte(orders.orderDate, filters.from));
  if (filters.to) conditions.push(lt(orders.orderDate, filters.to));
  return conditions;
}
