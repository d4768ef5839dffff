import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rowsOf } from "./period-filter";

const MAX_ENTRIES = 500;

/**
 * What changes when a statistic may change: reviews (per status and rating sum, kept by triggers),
 * moderation and replies (the trail), orders, sent e-mails and bounces (each suppresses its address).
 * Read off small tables and index ends.
 */
export async function companyDataVersion(db: DbOrTx, companyId: string): Promise<string> {
  const c = sql`${companyId}::uuid`;
  const result = await db.execute(sql`
    select
      (select coalesce(string_agg(status || ':' || reviews || ':' || rating_sum, ',' order by status), '')
        from (select status, sum(reviews) as reviews, sum(rating_sum) as rating_sum from review_stats
          where company_id = ${c} group by status) s) as reviews,
      (select max(seq) from review_events where company_id = ${c}) as events,
      (select max(created_at) from orders where company_id = ${c}) as orders,
      (select max(sent_at) from email_deliveries where company_id = ${c}) as sent,
      (select max(created_at) from email_suppressions where company_id = ${c}) as suppressed`);
  const [row = {}] = rowsOf(result);
  return [row.reviews, row.events, row.orders, row.sent, row.suppressed]
    .map((value) => String(value ?? ""))
    .join("|");
}

/** Answers by company and query, each kept with the data version it was computed from. */
export function createInsightsCache<T>() {
  const entries = new Map<string, { version: string; value: T }>();
  return {
    get(key: string, version: string): T | undefined {
      const entry = entries.get(key);
      return entry?.version === version ? entry.value : undefined;
    },
    set(key: string, version: string, value: T) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { version, value });
    },
  };
}
