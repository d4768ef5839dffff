import type { InsightsPeriod } from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { ResponseOf } from "../../http/operation-types";
import { type InsightsScope, numberOrNull, periodDays, productCondition, rowsOf } from "./period-filter";

type InsightsProducts = ResponseOf<"companyInsightsGet", 200>["products"];

/** Products with reviews submitted or asked for (their order's request sent) in the period, most reviews first. */
export async function periodProducts(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<InsightsProducts> {
  const result = await db.execute(sql`
    with days as (
      select product_id, sum(submitted)::int as reviews, sum(published)::int as published,
        sum(published_rating_sum) as rating_sum, sum(asked)::int as asked, sum(answered)::int as answered
      from insight_days
      where company_id = ${scope.companyId}::uuid and ${periodDays(period)}
        ${productCondition(sql`product_id`, scope)}
      group by product_id
    )
    select p.id, p.name, days.reviews, days.published, days.rating_sum, days.asked, days.answered
    from days join products p on p.id = days.product_id
    where days.reviews > 0 or days.asked > 0
    order by days.reviews desc, p.name, p.id`);
  return rowsOf(result).map((row) => {
    const asked = Number(row.asked ?? 0);
    const published = Number(row.published ?? 0);
    return {
      id: String(row.id),
      name: String(row.name),
      reviews: Number(row.reviews),
      average_rating: published > 0 ? numberOrNull(Number(row.rating_sum ?? 0) / published, 2) : null,
      response_rate: asked > 0 ? numberOrNull(Number(row.answered ?? 0) / asked, 4) : null,
    };
  });
}
