import type { RequestState } from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rowsOf } from "../../db/rows-of";

/**
 * The domain's `requestState` (`@certavis/domain`) in SQL, for line `l` (its product `p`) of the head
 * `head`, whose request is `rq` and reminder `rm`, in the rule's order. Its one SQL form: the states table
 * is computed with it, and the filter reads with it orders not yet computed. `order-state-filter.test.ts`
 * holds it equal to the rule on every combination of the facts it reads.
 */
export const lineState = (head: string) => `case
  when exists (select 1 from reviews r where r.order_id = l.id and r.subject = 'product') then 'reviewed'
  when ${head}."email_stop" in ('suppressed', 'bounced', 'skipped') then 'skipped'
  when p.status = 'draft' and rq.status is distinct from 'sent' then 'skipped'
  when rm.status = 'sent' then 'reminded'
  when rq.status = 'sent' then 'sent'
  when rq.status = 'failed' then 'failed'
  when rq.status in ('held', 'cancelled') or ${head}."anonymized_at" is not null then 'skipped'
  else 'scheduled' end`;

/** What `lineState` reads of line `l` of `head`: its product, the head's request and reminder. */
const lineJoins = (head: string) => `join products p on p.id = l.product_id
    left join email_deliveries rq on rq.order_id = ${head}."id" and rq.kind = 'request'
    left join email_deliveries rm on rm.order_id = ${head}."id" and rm.kind = 'reminder'`;
/** `l` is a line of `head`. */
const lineOf = (head: string) => `l.company_id = ${head}."company_id" and l.reference = ${head}."reference"`;

/** One of the head `"orders"`'s products' requests is in `state`, by the rule itself. */
export const someLineIn = (state: RequestState) =>
  sql.raw(
    `exists (select 1 from orders l ${lineJoins('"orders"')} where ${lineOf('"orders"')} and ${lineState('"orders"')} = '${state}')`,
  );

/** Orders of a company recomputed at most per transaction (a few hundred milliseconds on PostgreSQL). */
export const REFRESH_BATCH = 5_000;

/** Serialises the recomputation of one company's orders (two would each write what they saw). */
const lockCompany = (db: DbOrTx, companyId: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext(${`order_request_states:${companyId}`}))`);

/**
 * Recomputes up to `max` of the company's stale orders: their stale notes are taken, their state rows
 * replaced by the rule's answer, in one transaction. Returns how many notes were taken (0: none left).
 * A change made meanwhile notes its order again: it is recomputed next time.
 */
export async function refreshRequestStates(
  db: DbOrTx,
  companyId: string,
  max = REFRESH_BATCH,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const taken = await tx.execute(sql`
      delete from order_request_states_stale where ctid = any (array(
        select ctid from order_request_states_stale where company_id = ${companyId} limit ${max}))
      returning reference`);
    const rows = rowsOf<{ reference: string }>(taken);
    if (!rows.length) return 0;
    const references = JSON.stringify([...new Set(rows.map((row) => row.reference))]);
    const stale = sql`(select jsonb_array_elements_text(${references}::jsonb))`;
    // By the heads' ids (the key's first column): a head whose reference changed is noted under both.
    await tx.execute(sql`delete from order_request_states where head_id in (
      select id from orders where company_id = ${companyId} and line = 0 and reference in ${stale})`);
    await tx.execute(sql`insert into order_request_states (head_id, company_id, state, order_date, created_at, reference)
      select distinct h.id, h.company_id, ${sql.raw(lineState("h"))}, h.order_date, h.created_at, h.reference
      from orders h join orders l on ${sql.raw(lineOf("h"))} ${sql.raw(lineJoins("h"))}
      where h.company_id = ${companyId} and h.line = 0 and h.reference in ${stale}`);
    return rows.length;
  });
}

/** Whether the company has stale orders (read before choosing the states table). */
export async function hasStaleRequestStates(db: DbOrTx, companyId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from order_request_states_stale where company_id = ${companyId} limit 1`,
  );
  return rowsOf(result).length > 0;
}

/**
 * Recomputes every stale order, company by company, in batches: the periodic task's work (orders
 * imported, e-mails sent, reviews written since its last run). Stops after `budgetMs` (the rest waits
 * for the next run); returns the notes taken.
 */
export async function refreshAllRequestStates(db: DbOrTx, budgetMs = 50_000): Promise<number> {
  const started = Date.now();
  let taken = 0;
  for (;;) {
    const companies = rowsOf<{ company_id: string }>(
      await db.execute(
        sql`select distinct company_id from (select company_id from order_request_states_stale limit 10000) s`,
      ),
    );
    if (!companies.length) return taken;
    for (const { company_id } of companies) {
      for (;;) {
        const batch = await refreshRequestStates(db, company_id);
        taken += batch;
        if (batch < REFRESH_BATCH) break;
        if (Date.now() - started > budgetMs) return taken;
      }
      if (Date.now() - started > budgetMs) return taken;
    }
  }
}
