import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { INSIGHT_COLUMNS, INSIGHT_MEASURES } from "./period-figures";
import { rowsOf } from "./period-filter";

const sums = sql.raw(INSIGHT_MEASURES.map((measure) => `sum(${measure})`).join(", "));

/**
 * Sums again the days of the company noted in `insight_rollups_stale` (triggers on `insight_days`,
 * migration 0049) into `insight_company_days`, and their months into `insight_product_months`, in one
 * transaction under the company's lock. Returns how many notes were taken (0: the rollups were up to
 * date). A change committed meanwhile notes its day again: it is summed next time.
 */
export async function refreshInsightRollups(db: DbOrTx, companyId: string): Promise<number> {
  const stale = await db.execute(
    sql`select 1 from insight_rollups_stale where company_id = ${companyId}::uuid limit 1`,
  );
  if (rowsOf(stale).length === 0) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`insight_rollups:${companyId}`}))`);
    const taken = rowsOf(
      await tx.execute(sql`delete from insight_rollups_stale where company_id = ${companyId}::uuid
        returning day::text as day`),
    );
    if (!taken.length) return 0;
    const days = [...new Set(taken.map((row) => String(row.day)))].sort();
    const c = sql`${companyId}::uuid`;
    // Days and months as values the key's index finds (an array, ranges), never a set the planner
    // cannot size: a big shop's months were a 300 ms scan of all its rows, as a range 9 ms.
    const dayList = sql`any(${`{${days.join(",")}}`}::date[])`;
    await tx.execute(sql`delete from insight_company_days where company_id = ${c} and day = ${dayList}`);
    await tx.execute(sql`insert into insight_company_days (company_id, day, ${INSIGHT_COLUMNS})
      select company_id, day, ${sums} from insight_days
      where company_id = ${c} and day = ${dayList} group by company_id, day`);
    for (const month of new Set(days.map((day) => `${day.slice(0, 7)}-01`))) {
      await tx.execute(
        sql`delete from insight_product_months where company_id = ${c} and month = ${month}::date`,
      );
      await tx.execute(sql`insert into insight_product_months (company_id, month, product_id, ${INSIGHT_COLUMNS})
        select company_id, ${month}::date, product_id, ${sums} from insight_days
        where company_id = ${c} and day >= ${month}::date and day < (${month}::date + interval '1 month')::date
        group by company_id, product_id`);
    }
    return taken.length;
  });
}

/** Every company's noted days summed again (the periodic task): stops after `budgetMs`. */
export async function refreshAllInsightRollups(db: DbOrTx, budgetMs = 50_000): Promise<number> {
  const started = Date.now();
  let taken = 0;
  for (;;) {
    const companies = rowsOf(
      await db.execute(
        sql`select distinct company_id from (select company_id from insight_rollups_stale limit 10000) s`,
      ),
    );
    if (!companies.length) return taken;
    for (const { company_id } of companies) {
      taken += await refreshInsightRollups(db, String(company_id));
      if (Date.now() - started > budgetMs) return taken;
    }
  }
}
