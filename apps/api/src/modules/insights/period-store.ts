import type { InsightsPeriod } from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { StoreRating } from "../../db/store-rating";
import type { ResponseOf } from "../../http/operation-types";
import { type InsightsScope, periodDays, rowsOf } from "./period-filter";
import { periodStoreSeries } from "./period-store-series";
import { periodThemes } from "./period-themes";

type InsightsStore = ResponseOf<"companyInsightsGet", 200>["store"];

/**
 * The shop's own rating over the period: its store reviews published then, counted per day and star
 * bucket in `review_page_days` (the company's store rows: a row a day, not a read of each review), its
 * series and their themes. Null for a product's statistics.
 */
export async function periodStore(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<InsightsStore> {
  if (scope.productId) return null;
  const result = await db.execute(sql`
    select coalesce(sum(stars_1), 0)::int as "1", coalesce(sum(stars_2), 0)::int as "2",
      coalesce(sum(stars_3), 0)::int as "3", coalesce(sum(stars_4), 0)::int as "4",
      coalesce(sum(stars_5), 0)::int as "5", coalesce(sum(rating_sum), 0) as total
    from review_page_days
    where company_id = ${scope.companyId}::uuid and subject = 'store'
      and product_id = '00000000-0000-0000-0000-000000000000' and ${periodDays(period)}`);
  const [row = {}] = rowsOf(result);
  const distribution: StoreRating["distribution"] = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  let count = 0;
  for (const stars of ["1", "2", "3", "4", "5"] as const) {
    distribution[stars] = Number(row[stars] ?? 0);
    count += distribution[stars];
  }
  const sum = Number(row.total ?? 0);
  const rating = { average: count > 0 ? Math.round((sum / count) * 100) / 100 : null, count, distribution };
  const [series, themes] = await Promise.all([
    periodStoreSeries(db, scope, period),
    periodThemes(db, scope, period, "store"),
  ]);
  return { rating, series, themes };
}
