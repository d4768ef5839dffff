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

/**
 * The domain's `requestState` (`@certavis/domain`) of line `l` (its product `p`) of the head `"orders"`,
 * whose request is `rq` and reminder `rm`, in the rule's order. `order-state-filter.test.ts` holds it
 * equal to the rule on every combination of the facts it reads.
 */
const LINE_STATE = `case
  when exists (select 1 from reviews r where r.order_id = l.id and r.subject = 'product') then 'reviewed'
  when "orders"."email_stop" in ('suppressed', 'bounced', 'skipped') then 'skipped'
  when p.status = 'draft' and rq.status is distinct from 'sent' then 'skipped'
  when rm.status = 'sent' then 'reminded'
  when rq.status = 'sent' then 'sent'
  when rq.status = 'failed' then 'failed'
  when rq.status in ('held', 'cancelled') or "orders"."anonymized_at" is not null then 'skipped'
  else 'scheduled' end`;

/** One of the head's products' requests is in `state` (read last: it reads each line). */
const someLineIn = (state: RequestState) =>
  sql.raw(`exists (select 1 from orders l join products p on p.id = l.product_id
    left join email_deliveries rq on rq.order_id = "orders"."id" and rq.kind = 'request'
    left join email_deliveries rm on rm.order_id = "orders"."id" and rm.kind = 'reminder'
    where l.company_id = "orders"."company_id" and l.reference = "orders"."reference" and ${LINE_STATE} = '${state}')`);

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
    case "reminded":
      return headsWith(companyId, "reminder", ["sent"]);
    case "sent":
      return headsWith(companyId, "request", ["sent"]);
    case "reviewed":
      return sql`("orders"."company_id", "orders"."reference") in (select l.company_id, l.reference from reviews r join orders l on l.id = r.order_id where r.company_id = ${companyId} and r.subject = 'product')`;
    case "skipped":
      return sql`("orders"."email_stop" is not null or "orders"."anonymized_at" is not null
        or ${headsWith(companyId, "request", ["held", "cancelled"])}
        or ("orders"."company_id", "orders"."reference") in (select l.company_id, l.reference from products p join orders l on l.product_id = p.id where p.company_id = ${companyId} and p.status = 'draft'))`;
    case "scheduled":
      return undefined;
  }
}

/** Conditions on the company's heads (line 0) for the filters given; none when nothing filters. */
export function orderFilterConditions(companyId: string, filters: OrderFilters): SQL[] {
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
  if (filters.state) {
    const first = necessary(companyId, filters.state);
    if (first) conditions.push(first);
    conditions.push(someLineIn(filters.state));
  }
  return conditions;
}
