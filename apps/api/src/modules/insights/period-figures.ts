import { addDaysTo, type InsightsPeriod } from "@certavis/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { type InsightsScope, periodDays, productCondition, rowsOf } from "./period-filter";

/** What `insight_days` counts, summed over a set of its rows. */
export interface DaySums {
  submitted: number;
  published: number;
  ratingSum: number;
  requests: number;
  reminders: number;
  asked: number;
  answered: number;
  rejected: number;
  replies: number;
  /** Published reviews per star bucket, 1 to 5. */
  stars: [number, number, number, number, number];
}

export interface PeriodFigures {
  /** Per UTC day with any row (every product together). */
  days: (DaySums & { day: string })[];
  /** Per product still in the catalogue, most reviews first (then name and id, in the database's order). */
  products: (DaySums & { id: string; name: string })[];
}

const sums = (row: Record<string, unknown>): DaySums => ({
  submitted: Number(row.submitted ?? 0),
  published: Number(row.published ?? 0),
  ratingSum: Number(row.rating_sum ?? 0),
  requests: Number(row.requests ?? 0),
  reminders: Number(row.reminders ?? 0),
  asked: Number(row.asked ?? 0),
  answered: Number(row.answered ?? 0),
  rejected: Number(row.rejected ?? 0),
  replies: Number(row.replies ?? 0),
  stars: [
    Number(row.s1 ?? 0),
    Number(row.s2 ?? 0),
    Number(row.s3 ?? 0),
    Number(row.s4 ?? 0),
    Number(row.s5 ?? 0),
  ],
});

/** The sum of some days' figures. */
export function addDays(days: readonly DaySums[]): DaySums {
  const total = sums({});
  for (const day of days) {
    total.submitted += day.submitted;
    total.published += day.published;
    total.ratingSum += day.ratingSum;
    total.requests += day.requests;
    total.reminders += day.reminders;
    total.asked += day.asked;
    total.answered += day.answered;
    total.rejected += day.rejected;
    total.replies += day.replies;
    for (let i = 0; i < 5; i++) total.stars[i] = (total.stars[i] ?? 0) + (day.stars[i] ?? 0);
  }
  return total;
}

/**
 * The period's figures per day and per product: the totals, the series and the products' table all
 * come from them. A company's are read from its rollups (`insight_company_days`, `insight_product_months`:
 * a big shop's year in `insight_days` is some 300,000 rows, a row per product and day, 100–470 ms a
 * read); one product's from its rows of `insight_days`. The rollups must be up to date
 * (`refreshInsightRollups`).
 */
export async function periodFigures(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<PeriodFigures> {
  if (scope.productId) return productFigures(db, scope, period);
  const [days, products] = await Promise.all([
    companyDays(db, scope.companyId, period),
    companyProducts(db, scope.companyId, period),
  ]);
  return { days, products };
}

const MEASURES =
  sql.raw(`submitted, published, published_rating_sum as rating_sum, requests, reminders, asked,
  answered, rejected, replies, stars_1 as s1, stars_2 as s2, stars_3 as s3, stars_4 as s4, stars_5 as s5`);

/** The company's days of the period, from `insight_company_days` (a row a day). */
export async function companyDays(
  db: DbOrTx,
  companyId: string,
  period: Pick<InsightsPeriod, "from" | "to">,
): Promise<PeriodFigures["days"]> {
  const result = await db.execute(sql`select day::text as day, ${MEASURES} from insight_company_days
    where company_id = ${companyId}::uuid and ${periodDays(period)}`);
  return rowsOf(result).map((row) => ({ ...sums(row), day: String(row.day) }));
}

/** `YYYY-MM-01` of the month of `day`, or of the month after it. */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const [year, month] = day.split("-").map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
};

/**
 * The company's products over the period: its whole months from `insight_product_months` (a row per
 * product and month), the days of the months it covers only in part from `insight_days`.
 */
async function companyProducts(
  db: DbOrTx,
  companyId: string,
  period: InsightsPeriod,
): Promise<PeriodFigures["products"]> {
  const c = sql`${companyId}::uuid`;
  const firstWhole = period.from.endsWith("-01") ? period.from : nextMonth(period.from);
  const afterWhole = monthOf(addDaysTo(period.to, 1));
  const columns = sql.raw("product_id, submitted, published, published_rating_sum, asked, answered");
  const parts: SQL[] =
    firstWhole < afterWhole
      ? [
          sql`select ${columns} from insight_product_months
            where company_id = ${c} and month >= ${firstWhole}::date and month < ${afterWhole}::date`,
          sql`select ${columns} from insight_days where company_id = ${c}
            and ((day >= ${period.from}::date and day < ${firstWhole}::date)
              or (day >= ${afterWhole}::date and day <= ${period.to}::date))`,
        ]
      : [sql`select ${columns} from insight_days where company_id = ${c} and ${periodDays(period)}`];
  const result = await db.execute(sql`
    with parts as (${sql.join(parts, sql` union all `)}),
    figures as (
      select product_id, sum(submitted)::int as submitted, sum(published)::int as published,
        sum(published_rating_sum) as rating_sum, sum(asked)::int as asked, sum(answered)::int as answered
      from parts group by product_id
    )
    select figures.*, p.name from figures join products p on p.id = figures.product_id
    order by figures.submitted desc, p.name, p.id`);
  return rowsOf(result).map((row) => ({ ...sums(row), id: String(row.product_id), name: String(row.name) }));
}

/** One product's days and its own line, in one read of its `insight_days` rows (grouping sets). */
async function productFigures(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<PeriodFigures> {
  const result = await db.execute(sql`
    with figures as (
      select grouping(product_id) as by_day, day::text as day, product_id,
        sum(submitted)::int as submitted, sum(published)::int as published,
        sum(published_rating_sum) as rating_sum, sum(requests)::int as requests,
        sum(reminders)::int as reminders, sum(asked)::int as asked, sum(answered)::int as answered,
        sum(rejected)::int as rejected, sum(replies)::int as replies,
        sum(stars_1)::int as s1, sum(stars_2)::int as s2, sum(stars_3)::int as s3, sum(stars_4)::int as s4,
        sum(stars_5)::int as s5
      from insight_days
      where company_id = ${scope.companyId}::uuid and ${periodDays(period)}
        ${productCondition(sql`product_id`, scope)}
      group by grouping sets ((day), (product_id))
    )
    select figures.*, p.name from figures left join products p on figures.by_day = 0 and p.id = figures.product_id
    where figures.by_day = 1 or p.id is not null
    order by figures.by_day, figures.submitted desc, p.name, p.id`);
  const figures: PeriodFigures = { days: [], products: [] };
  for (const row of rowsOf(result)) {
    if (Number(row.by_day) === 1) figures.days.push({ ...sums(row), day: String(row.day) });
    else figures.products.push({ ...sums(row), id: String(row.product_id), name: String(row.name) });
  }
  return figures;
}
