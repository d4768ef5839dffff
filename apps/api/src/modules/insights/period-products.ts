import type { InsightsPeriod } from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { ResponseOf } from "../../http/operation-types";
import { type InsightsScope, numberOrNull, periodBounds, productCondition, rowsOf } from "./period-filter";

type InsightsProducts = ResponseOf<"companyInsightsGet", 200>["products"];

/** Products with reviews submitted or request e-mails sent in the period, most reviews first. */
export async function periodProducts(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<InsightsProducts> {
  const { start, end } = periodBounds(period);
  const c = sql`${scope.companyId}::uuid`;
  const result = await db.execute(sql`
    with submitted as (
      select r.product_id, count(*)::int as n from reviews r
      where r.company_id = ${c} and r.created_at >= ${start} and r.created_at < ${end}
        ${productCondition(sql`r.product_id`, scope)}
      group by 1
    ), published as (
      select r.product_id, avg(r.rating) as average from reviews r
      where r.company_id = ${c} and r.status = 'approved' and r.published_at >= ${start}
        and r.published_at < ${end} ${productCondition(sql`r.product_id`, scope)}
      group by 1
    ), requested as (
      select o.product_id, count(*)::int as sent, count(r.id)::int as answered
      from email_deliveries d
      join orders o on o.id = d.order_id
      left join reviews r on r.order_id = d.order_id
      where d.company_id = ${c} and d.sent_at >= ${start} and d.sent_at < ${end}
        and d.status = 'sent' and d.kind = 'request' ${productCondition(sql`o.product_id`, scope)}
      group by 1
    )
    select p.id, p.name, coalesce(s.n, 0) as reviews, pub.average, q.sent, q.answered
    from products p
    left join submitted s on s.product_id = p.id
    left join published pub on pub.product_id = p.id
    left join requested q on q.product_id = p.id
    where p.company_id = ${c} and (s.n > 0 or q.sent > 0)
    order by coalesce(s.n, 0) desc, p.name, p.id`);
  return rowsOf(result).map((row) => {
    const sent = Number(row.sent ?? 0);
    return {
      id: String(row.id),
      name: String(row.name),
      reviews: Number(row.reviews),
      average_rating: numberOrNull(row.average, 2),
      response_rate: sent > 0 ? numberOrNull(Number(row.answered ?? 0) / sent, 4) : null,
    };
  });
}
