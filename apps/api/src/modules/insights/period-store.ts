import type { InsightsPeriod } from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { StoreRating } from "../../db/store-rating";
import type { ResponseOf } from "../../http/operation-types";
import { type InsightsScope, periodBounds, rowsOf } from "./period-filter";
import { periodStoreSeries } from "./period-store-series";
import { periodThemes } from "./period-themes";

type InsightsStore = ResponseOf<"companyInsightsGet", 200>["store"];

/**
 * The shop's own rating over the period: its store reviews published then, read from the reviews
 * themselves (one per order at most, through `reviews_company_store_published_idx`), its series and
 * their themes.
 * Null for a product's statistics.
 */
export async function periodStore(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<InsightsStore> {
  if (scope.productId) return null;
  const { start, end } = periodBounds(period);
  const result = await db.execute(sql`
    select least(greatest(r.stars, 1), 5)::int as stars, count(*)::int as n, sum(r.rating) as total
    from reviews r
    where r.company_id = ${scope.companyId}::uuid and r.subject = 'store' and r.status = 'approved'
      and r.published_at >= ${start} and r.published_at < ${end}
    group by 1`);
  const distribution: StoreRating["distribution"] = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  let count = 0;
  let sum = 0;
  for (const row of rowsOf(result)) {
    const stars = String(row.stars) as keyof StoreRating["distribution"];
    distribution[stars] += Number(row.n);
    count += Number(row.n);
    sum += Number(row.total);
  }
  const rating = { average: count > 0 ? Math.round((sum / count) * 100) / 100 : null, count, distribution };
  const [series, themes] = await Promise.all([
    periodStoreSeries(db, scope, period),
    periodThemes(db, scope, period, "store"),
  ]);
  return { rating, series, themes };
}
