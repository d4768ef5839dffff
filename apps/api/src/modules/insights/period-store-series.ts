import { bucketStart, bucketStarts, type InsightsPeriod } from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { ResponseOf } from "../../http/operation-types";
import { type InsightsScope, numberOrNull, periodBounds, rowsOf } from "./period-filter";

type StoreSeries = NonNullable<ResponseOf<"companyInsightsGet", 200>["store"]>["series"];

/**
 * The shop's rating per day, week or month of the period: its store reviews published then (the
 * same entries as the products' series). `store_review_stats` keeps no dates, so this reads the
 * period's published store reviews, a range of `reviews_company_store_published_idx` (one row per
 * order at most), summed by UTC day in the database and cut into weeks or months here.
 */
export async function periodStoreSeries(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<StoreSeries> {
  const { start, end } = periodBounds(period);
  const result = await db.execute(sql`
    select (r.published_at at time zone 'UTC')::date::text as day, count(*)::int as n, sum(r.rating) as total
    from reviews r
    where r.company_id = ${scope.companyId}::uuid and r.subject = 'store' and r.status = 'approved'
      and r.published_at >= ${start} and r.published_at < ${end}
    group by 1`);
  const series = new Map(bucketStarts(period).map((day) => [day, { start: day, count: 0, sum: 0 }]));
  for (const row of rowsOf(result)) {
    const entry = series.get(bucketStart(String(row.day), period.granularity));
    if (!entry) continue;
    entry.count += Number(row.n);
    entry.sum += Number(row.total ?? 0);
  }
  return [...series.values()].map(({ start: day, count, sum }) => ({
    start: day,
    reviews_published: count,
    average_rating: count > 0 ? numberOrNull(sum / count, 2) : null,
  }));
}
