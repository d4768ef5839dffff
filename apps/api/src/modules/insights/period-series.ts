import { bucketStart, bucketStarts, type InsightsPeriod } from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { ResponseOf } from "../../http/operation-types";
import { type InsightsScope, numberOrNull, periodDays, productCondition, rowsOf } from "./period-filter";

type Insights = ResponseOf<"companyInsightsGet", 200>;

/**
 * The series per day, week or month and the star distribution of the published reviews (buckets of
 * the reviews page's rating filter, kept in `insight_days`).
 */
export async function periodSeries(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<Pick<Insights, "series" | "distribution">> {
  // By day (a year is at most 366 rows), cut into weeks or months here: no date function per row.
  const result = await db.execute(sql`
    select day::text as day, sum(submitted)::int as submitted, sum(published)::int as published,
      sum(published_rating_sum) as rating_sum, sum(requests)::int as requests,
      sum(stars_1)::int as s1, sum(stars_2)::int as s2, sum(stars_3)::int as s3, sum(stars_4)::int as s4,
      sum(stars_5)::int as s5
    from insight_days
    where company_id = ${scope.companyId}::uuid and ${periodDays(period)}
      ${productCondition(sql`product_id`, scope)}
    group by day`);
  const series = new Map(
    bucketStarts(period).map((day) => [
      day,
      { start: day, reviews_submitted: 0, reviews_published: 0, ratingSum: 0, requests_sent: 0 },
    ]),
  );
  const distribution: Insights["distribution"] = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const row of rowsOf(result)) {
    const entry = series.get(bucketStart(String(row.day), period.granularity));
    if (entry) {
      entry.reviews_submitted += Number(row.submitted);
      entry.reviews_published += Number(row.published);
      entry.ratingSum += Number(row.rating_sum ?? 0);
      entry.requests_sent += Number(row.requests);
    }
    distribution[1] += Number(row.s1);
    distribution[2] += Number(row.s2);
    distribution[3] += Number(row.s3);
    distribution[4] += Number(row.s4);
    distribution[5] += Number(row.s5);
  }
  return {
    series: [...series.values()].map(({ ratingSum, ...entry }) => ({
      ...entry,
      average_rating:
        entry.reviews_published > 0 ? numberOrNull(ratingSum / entry.reviews_published, 2) : null,
    })),
    distribution,
  };
}
