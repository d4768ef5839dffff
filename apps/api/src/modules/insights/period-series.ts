import { bucketStarts, type InsightsPeriod } from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { ResponseOf } from "../../http/operation-types";
import { type InsightsScope, numberOrNull, periodBounds, productCondition, rowsOf } from "./period-filter";

type Insights = ResponseOf<"companyInsightsGet", 200>;
type Stars = keyof Insights["distribution"];

const STAR_BUCKETS: readonly Stars[] = [1, 2, 3, 4, 5];

/**
 * The series per day, week or month and the star distribution of the published reviews. Star
 * buckets are the generated `stars` column the reviews page filters on; a rating under 1 counts as 1.
 */
export async function periodSeries(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<Pick<Insights, "series" | "distribution">> {
  const { start, end } = periodBounds(period);
  const c = sql`${scope.companyId}::uuid`;
  // The granularity is one of the contract's three words, safe to write into the statement.
  const bucket = (column: string) =>
    sql.raw(`to_char(date_trunc('${period.granularity}', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`);
  const productOfOrder = scope.productId
    ? sql`and exists (select 1 from orders o where o.id = d.order_id and o.product_id = ${scope.productId}::uuid)`
    : sql``;
  const [submitted, published, requests] = await Promise.all([
    db.execute(sql`
      select ${bucket("r.created_at")} as start, count(*)::int as n from reviews r
      where r.company_id = ${c} and r.created_at >= ${start} and r.created_at < ${end}
        ${productCondition(sql`r.product_id`, scope)}
      group by 1`),
    db.execute(sql`
      select ${bucket("r.published_at")} as start, greatest(r.stars, 1)::int as stars, count(*)::int as n,
        sum(r.rating) as rating_sum from reviews r
      where r.company_id = ${c} and r.status = 'approved' and r.published_at >= ${start}
        and r.published_at < ${end} ${productCondition(sql`r.product_id`, scope)}
      group by 1, 2`),
    db.execute(sql`
      select ${bucket("d.sent_at")} as start, count(*)::int as n from email_deliveries d
      where d.company_id = ${c} and d.sent_at >= ${start} and d.sent_at < ${end}
        and d.status = 'sent' and d.kind = 'request' ${productOfOrder}
      group by 1`),
  ]);
  const series = new Map(
    bucketStarts(period).map((day) => [
      day,
      { start: day, reviews_submitted: 0, reviews_published: 0, ratingSum: 0, requests_sent: 0 },
    ]),
  );
  const distribution: Insights["distribution"] = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const row of rowsOf(submitted)) {
    const entry = series.get(String(row.start));
    if (entry) entry.reviews_submitted += Number(row.n);
  }
  for (const row of rowsOf(published)) {
    const entry = series.get(String(row.start));
    if (entry) {
      entry.reviews_published += Number(row.n);
      entry.ratingSum += Number(row.rating_sum);
    }
    const stars = STAR_BUCKETS[Math.min(5, Number(row.stars)) - 1];
    if (stars) distribution[stars] += Number(row.n);
  }
  for (const row of rowsOf(requests)) {
    const entry = series.get(String(row.start));
    if (entry) entry.requests_sent += Number(row.n);
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
