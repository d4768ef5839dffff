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
 * The figures of one period: its days' sums (`periodDayFigures`), the median reply time from the
 * reply-time histogram (`insight_reply_hours`: the value halfway between the two middle replies, as
 * percentile_cont, within its bucket's precision) and the bounces of the period's e-mails.
 */
export async function periodTotals(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
  days: DaySums,
): Promise<InsightsTotals> {
  const { start, end } = periodBounds(period);
  const c = sql`${scope.companyId}::uuid`;
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
      (select (min(hours) filter (where reached > floor((total - 1) / 2.0))
          + min(hours) filter (where reached > ceil((total - 1) / 2.0))) / 2
        from ranked) as median_reply_hours,
      (select count(*) from email_deliveries d join orders o on o.id = d.order_id
        where d.company_id = ${c} and d.status = 'failed' and d.kind in ('request', 'reminder')
          and o.email_stop = 'bounced' and d.scheduled_at >= ${start} and d.scheduled_at < ${end}
          ${productCondition(sql`o.product_id`, scope)})::int as bounced`);
  const [row = {}] = rowsOf(result);
  const { requests, reminders, asked, published } = days;
  const bounced = Number(row.bounced ?? 0);
  const mailed = requests + reminders + bounced;
  return {
    requests_sent: requests,
    reminders_sent: reminders,
    reviews_submitted: days.submitted,
    reviews_published: published,
    reviews_rejected: days.rejected,
    response_rate: asked > 0 ? numberOrNull(days.answered / asked, 4) : null,
    average_rating: published > 0 ? numberOrNull(days.ratingSum / published, 2) : null,
    replies: days.replies,
    median_reply_hours: numberOrNull(row.median_reply_hours, 1),
    // Bounces among the e-mails that left or were refused for good (as the company's bounce rate).
    bounce_rate: mailed > 0 ? numberOrNull(bounced / mailed, 4) : null,
  };
}
