import { bucketStart, bucketStarts, type InsightsPeriod } from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { StoreRating } from "../../db/store-rating";
import type { ResponseOf } from "../../http/operation-types";
import { type InsightsScope, numberOrNull, periodDays, rowsOf } from "./period-filter";
import { periodThemes } from "./period-themes";

type InsightsStore = ResponseOf<"companyInsightsGet", 200>["store"];

const STARS = ["1", "2", "3", "4", "5"] as const;

/**
 * The shop's own rating over the period, and per day, week or month: its store reviews published then,
 * counted per UTC day and star bucket in `review_page_days` (the company's store rows: at most 366 rows
 * for a year, not a read of each review), and their themes. Null for a product's statistics.
 */
export async function periodStore(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<InsightsStore> {
  if (scope.productId) return null;
  const [days, themes] = await Promise.all([
    db.execute(sql`
      select day::text as day, stars_1 as "1", stars_2 as "2", stars_3 as "3", stars_4 as "4", stars_5 as "5",
        rating_sum as total
      from review_page_days
      where company_id = ${scope.companyId}::uuid and subject = 'store'
        and product_id = '00000000-0000-0000-0000-000000000000' and ${periodDays(period)}`),
    periodThemes(db, scope, period, "store"),
  ]);
  const distribution: StoreRating["distribution"] = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  const buckets = new Map(bucketStarts(period).map((day) => [day, { start: day, count: 0, sum: 0 }]));
  let count = 0;
  let sum = 0;
  for (const row of rowsOf(days)) {
    let dayCount = 0;
    for (const stars of STARS) {
      const n = Number(row[stars] ?? 0);
      distribution[stars] += n;
      dayCount += n;
    }
    const daySum = Number(row.total ?? 0);
    count += dayCount;
    sum += daySum;
    const bucket = buckets.get(bucketStart(String(row.day), period.granularity));
    if (!bucket) continue;
    bucket.count += dayCount;
    bucket.sum += daySum;
  }
  const series = [...buckets.values()].map(({ start, count: n, sum: total }) => ({
    start,
    reviews_published: n,
    average_rating: n > 0 ? numberOrNull(total / n, 2) : null,
  }));
  const rating = { average: count > 0 ? Math.round((sum / count) * 100) / 100 : null, count, distribution };
  return { rating, series, themes };
}
