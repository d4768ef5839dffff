import { type InsightsPeriod, type ReviewSubject, topThemes } from "@certavis/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { ResponseOf } from "../../http/operation-types";
import { type InsightsScope, periodBounds, productCondition, rowsOf } from "./period-filter";

type InsightsThemes = ResponseOf<"companyInsightsGet", 200>["themes"];

/** Enough reviews for the frequent terms to show, few enough to read them in a few milliseconds. */
export const THEME_SAMPLE = 2000;

/** Frequent terms of the published reviews rated 4 or more, and of those rated 2 or less. */
export async function periodThemes(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
  subject: ReviewSubject = "product",
): Promise<InsightsThemes> {
  const side = async (rating: ReturnType<typeof sql>) => {
    const { start, end } = periodBounds(period);
    const result = await db.execute(sql`
      select r.id, r.title, r.comment from reviews r
      where r.company_id = ${scope.companyId}::uuid and r.status = 'approved' and r.subject = ${subject}
        and r.published_at >= ${start} and r.published_at < ${end} and ${rating}
        ${productCondition(sql`r.product_id`, scope)}
      order by r.published_at desc, r.id
      limit ${THEME_SAMPLE}`);
    return topThemes(
      rowsOf(result).map((row) => ({ id: String(row.id), text: `${row.title ?? ""}\n${row.comment ?? ""}` })),
    );
  };
  const [positive, negative] = await Promise.all([side(sql`r.rating >= 4`), side(sql`r.rating <= 2`)]);
  return { positive, negative };
}
