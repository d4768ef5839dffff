import type { InsightsPeriod } from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { ResponseOf } from "../../http/operation-types";
import {
  type InsightsScope,
  numberOrNull,
  periodBounds,
  periodDays,
  productCondition,
  rowsOf,
} from "./period-filter";

export type InsightsTotals = ResponseOf<"companyInsightsGet", 200>["totals"];

/** The figures of one period: sums of `insight_days`, and the median reply time from the replies' index. */
export async function periodTotals(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<InsightsTotals> {
  const { start, end } = periodBounds(period);
  const c = sql`${scope.companyId}::uuid`;
  const result = await db.execute(sql`
    select
      coalesce(sum(requests), 0)::int as requests_sent,
      coalesce(sum(reminders), 0)::int as reminders_sent,
      coalesce(sum(answered), 0)::int as requests_answered,
      coalesce(sum(submitted), 0)::int as reviews_submitted,
      coalesce(sum(published), 0)::int as reviews_published,
      sum(published_rating_sum) as rating_sum,
      coalesce(sum(rejected), 0)::int as reviews_rejected,
      coalesce(sum(replies), 0)::int as replies,
      (select percentile_cont(0.5) within group (order by extract(epoch from r.reply_created_at - r.created_at) / 3600)
        from reviews r where r.company_id = ${c} and r.reply_created_at is not null
        and r.reply_created_at >= ${start} and r.reply_created_at < ${end}
        ${productCondition(sql`r.product_id`, scope)}) as median_reply_hours
    from insight_days
    where company_id = ${c} and ${periodDays(period)} ${productCondition(sql`product_id`, scope)}`);
  const [row = {}] = rowsOf(result);
  const requests = Number(row.requests_sent ?? 0);
  const published = Number(row.reviews_published ?? 0);
  return {
    requests_sent: requests,
    reminders_sent: Number(row.reminders_sent ?? 0),
    reviews_submitted: Number(row.reviews_submitted ?? 0),
    reviews_published: published,
    reviews_rejected: Number(row.reviews_rejected ?? 0),
    response_rate: requests > 0 ? numberOrNull(Number(row.requests_answered ?? 0) / requests, 4) : null,
    average_rating: published > 0 ? numberOrNull(Number(row.rating_sum ?? 0) / published, 2) : null,
    replies: Number(row.replies ?? 0),
    median_reply_hours: numberOrNull(row.median_reply_hours, 1),
    bounce_rate: null,
  };
}
