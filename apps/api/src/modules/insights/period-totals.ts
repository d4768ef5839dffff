import type { InsightsPeriod } from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { ResponseOf } from "../../http/operation-types";
import type { DaySums } from "./period-figures";
import {
  type InsightsScope,
  numberOrNull,
  periodBounds,
  periodDays,
  productCondition,
  rowsOf,
} from "./period-filter";

/** The `product_id` of the company-wide rows of `insight_reply_hours` (every product's replies). */
const WHOLE_COMPANY = "00000000-0000-0000-0000-000000000000";

export type InsightsTotals = ResponseOf<"companyInsightsGet", 200>["totals"];

/**
 * The figures of one period: sums of `insight_days` (`days`, when the caller has read them already:
 * `periodFigures`), the median reply time from the reply-time histogram (`insight_reply_hours`: the
 * value halfway between the two middle replies, as percentile_cont, within its bucket's precision) and
 * the bounces of the period's e-mails.
 */
export async function periodTotals(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
  days?: DaySums,
): Promise<InsightsTotals> {
  const { start, end } = periodBounds(period);
  const c = sql`${scope.companyId}::uuid`;
  const summed = days
    ? sql`(select 1) as one`
    : sql`coalesce(sum(requests), 0)::int as requests_sent,
      coalesce(sum(reminders), 0)::int as reminders_sent,
      coalesce(sum(asked), 0)::int as lines_asked,
      coalesce(sum(answered), 0)::int as lines_answered,
      coalesce(sum(submitted), 0)::int as reviews_submitted,
      coalesce(sum(published), 0)::int as reviews_published,
      sum(published_rating_sum) as rating_sum,
      coalesce(sum(rejected), 0)::int as reviews_rejected,
      coalesce(sum(replies), 0)::int as replies`;
  const from = days
    ? sql``
    : sql`from insight_days
    where company_id = ${c} and ${periodDays(period)} ${productCondition(sql`product_id`, scope)}`;
  const result = await db.execute(sql`
    with hours as (
      select hours, sum(replies) as n from insight_reply_hours
      where company_id = ${c} and ${periodDays(period)}
        and product_id = ${scope.productId ?? WHOLE_COMPANY}::uuid
      group by hours having sum(replies) > 0
    ), ranked as (
      select hours, sum(n) over (order by hours) as reached, sum(n) over () as total from hours
    )
    select
      ${summed},
      (select (min(hours) filter (where reached > floor((total - 1) / 2.0))
          + min(hours) filter (where reached > ceil((total - 1) / 2.0))) / 2
        from ranked) as median_reply_hours,
      (select count(*) from email_deliveries d join orders o on o.id = d.order_id
        where d.company_id = ${c} and d.status = 'failed' and d.kind in ('request', 'reminder')
          and o.email_stop = 'bounced' and d.scheduled_at >= ${start} and d.scheduled_at < ${end}
          ${productCondition(sql`o.product_id`, scope)})::int as bounced
    ${from}`);
  const [found = {}] = rowsOf(result);
  const row: Record<string, unknown> = days
    ? {
        ...found,
        requests_sent: days.requests,
        reminders_sent: days.reminders,
        lines_asked: days.asked,
        lines_answered: days.answered,
        reviews_submitted: days.submitted,
        reviews_published: days.published,
        rating_sum: days.ratingSum,
        reviews_rejected: days.rejected,
        replies: days.replies,
      }
    : found;
  const requests = Number(row.requests_sent ?? 0);
  const reminders = Number(row.reminders_sent ?? 0);
  const asked = Number(row.lines_asked ?? 0);
  const published = Number(row.reviews_published ?? 0);
  const bounced = Number(row.bounced ?? 0);
  const mailed = requests + reminders + bounced;
  return {
    requests_sent: requests,
    reminders_sent: reminders,
    reviews_submitted: Number(row.reviews_submitted ?? 0),
    reviews_published: published,
    reviews_rejected: Number(row.reviews_rejected ?? 0),
    response_rate: asked > 0 ? numberOrNull(Number(row.lines_answered ?? 0) / asked, 4) : null,
    average_rating: published > 0 ? numberOrNull(Number(row.rating_sum ?? 0) / published, 2) : null,
    replies: Number(row.replies ?? 0),
    median_reply_hours: numberOrNull(row.median_reply_hours, 1),
    // Bounces among the e-mails that left or were refused for good (as the company's bounce rate).
    bounce_rate: mailed > 0 ? numberOrNull(bounced / mailed, 4) : null,
  };
}
