import type { InsightsPeriod } from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { ResponseOf } from "../../http/operation-types";
import { type InsightsScope, numberOrNull, periodBounds, productCondition, rowsOf } from "./period-filter";

export type InsightsTotals = ResponseOf<"companyInsightsGet", 200>["totals"];

/** The figures of one period: each count reads one index range of the company. */
export async function periodTotals(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<InsightsTotals> {
  const { start, end } = periodBounds(period);
  const c = sql`${scope.companyId}::uuid`;
  const productOfOrder = scope.productId
    ? sql`and exists (select 1 from orders o where o.id = d.order_id and o.product_id = ${scope.productId}::uuid)`
    : sql``;
  const result = await db.execute(sql`
    with sent as (
      select d.kind, d.order_id from email_deliveries d
      where d.company_id = ${c} and d.sent_at >= ${start} and d.sent_at < ${end}
        and d.status = 'sent' and d.kind in ('request', 'reminder') ${productOfOrder}
    )
    select
      (select count(*) from sent where kind = 'request')::int as requests_sent,
      (select count(*) from sent where kind = 'reminder')::int as reminders_sent,
      (select count(r.id) from sent join reviews r on r.order_id = sent.order_id where sent.kind = 'request')::int
        as requests_answered,
      (select count(*) from reviews r where r.company_id = ${c} and r.created_at >= ${start}
        and r.created_at < ${end} ${productCondition(sql`r.product_id`, scope)})::int as reviews_submitted,
      (select count(*) from reviews r where r.company_id = ${c} and r.status = 'approved'
        and r.published_at >= ${start} and r.published_at < ${end} ${productCondition(sql`r.product_id`, scope)})::int
        as reviews_published,
      (select avg(r.rating) from reviews r where r.company_id = ${c} and r.status = 'approved'
        and r.published_at >= ${start} and r.published_at < ${end} ${productCondition(sql`r.product_id`, scope)})
        as average_rating,
      (select count(*) from reviews r where r.company_id = ${c} and r.status = 'rejected'
        and r.moderated_at >= ${start} and r.moderated_at < ${end} ${productCondition(sql`r.product_id`, scope)})::int
        as reviews_rejected,
      (select count(*) from reviews r where r.company_id = ${c} and r.reply_created_at >= ${start}
        and r.reply_created_at < ${end} ${productCondition(sql`r.product_id`, scope)})::int as replies,
      (select percentile_cont(0.5) within group (order by extract(epoch from r.reply_created_at - r.created_at) / 3600)
        from reviews r where r.company_id = ${c} and r.reply_created_at >= ${start}
        and r.reply_created_at < ${end} ${productCondition(sql`r.product_id`, scope)}) as median_reply_hours
  `);
  const [row = {}] = rowsOf(result);
  const requests = Number(row.requests_sent ?? 0);
  return {
    requests_sent: requests,
    reminders_sent: Number(row.reminders_sent ?? 0),
    reviews_submitted: Number(row.reviews_submitted ?? 0),
    reviews_published: Number(row.reviews_published ?? 0),
    reviews_rejected: Number(row.reviews_rejected ?? 0),
    response_rate: requests > 0 ? numberOrNull(Number(row.requests_answered ?? 0) / requests, 4) : null,
    average_rating: numberOrNull(row.average_rating, 2),
    replies: Number(row.replies ?? 0),
    median_reply_hours: numberOrNull(row.median_reply_hours, 1),
    bounce_rate: null,
  };
}
