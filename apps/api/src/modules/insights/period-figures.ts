import { addDaysTo, type InsightsPeriod } from "@certavis/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { type InsightsScope, periodDays, productCondition, rowsOf } from "./period-filter";

/** What `insight_days` counts: its columns, and its rollups'. */
export const INSIGHT_MEASURES = [
  "submitted",
  "published",
  "published_rating_sum",
  "stars_1",
  "stars_2",
  "stars_3",
  "stars_4",
  "stars_5",
  "rejected",
  "replies",
  "requests",
  "reminders",
  "asked",
  "answered",
] as const;

/** `INSIGHT_MEASURES` as a select list, in their order. */
export const INSIGHT_COLUMNS = sql.raw(INSIGHT_MEASURES.join(", "));

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
  ratingSum: Number(row.published_rating_sum ?? 0),
  requests: Number(row.requests ?? 0),
  reminders: Number(row.reminders ?? 0),
  asked: Number(row.asked ?? 0),
  answered: Number(row.answered ?? 0),
  rejected: Number(row.rejected ?? 0),
  replies: Number(row.replies ?? 0),
  stars: [
    Number(row.stars_1 ?? 0),
    Number(row.stars_2 ?? 0),
    Number(row.stars_3 ?? 0),
    Number(row.stars_4 ?? 0),
    Number(row.stars_5 ?? 0),
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
 * come from them, read from the company's rollups (`insight_company_days`, `insight_product_months`: a
 * big shop's year in `insight_days` is some 300,000 rows, a row per product and day, 100–470 ms a read),
 * which must be up to date (`refreshInsightRollups`). One product's days are its own rows of
 * `insight_days` (at most one a day).
 */
export async function periodFigures(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<PeriodFigures> {
  const [days, products] = await Promise.all([
    periodDayFigures(db, scope, period),
    periodProductFigures(db, scope, period),
  ]);
  return { days, products };
}

/** The scope's days of the period: the company's from `insight_company_days`, a product's its own rows. */
export async function periodDayFigures(
  db: DbOrTx,
  scope: InsightsScope,
  period: Pick<InsightsPeriod, "from" | "to">,
): Promise<PeriodFigures["days"]> {
  const c = sql`${scope.companyId}::uuid`;
  const result = scope.productId
    ? await db.execute(sql`select day::text as day, ${INSIGHT_COLUMNS} from insight_days
        where company_id = ${c} and ${periodDays(period)} ${productCondition(sql`product_id`, scope)}`)
    : await db.execute(sql`select day::text as day, ${INSIGHT_COLUMNS} from insight_company_days
        where company_id = ${c} and ${periodDays(period)}`);
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
async function periodProductFigures(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<PeriodFigures["products"]> {
  const c = sql`${scope.companyId}::uuid`;
  const product = productCondition(sql`product_id`, scope);
  const firstWhole = period.from.endsWith("-01") ? period.from : nextMonth(period.from);
  const afterWhole = monthOf(addDaysTo(period.to, 1));
  const columns = sql.raw("product_id, submitted, published, published_rating_sum, asked, answered");
  const parts: SQL[] =
    firstWhole < afterWhole
      ? [
          sql`select ${columns} from insight_product_months
            where company_id = ${c} and month >= ${firstWhole}::date and month < ${afterWhole}::date ${product}`,
          sql`select ${columns} from insight_days where company_id = ${c} ${product}
            and ((day >= ${period.from}::date and day < ${firstWhole}::date)
              or (day >= ${afterWhole}::date and day <= ${period.to}::date))`,
        ]
      : [
          sql`select ${columns} from insight_days where company_id = ${c} and ${periodDays(period)} ${product}`,
        ];
  const result = await db.execute(sql`
    with parts as (${sql.join(parts, sql` union all `)}),
    figures as (
      select product_id, sum(submitted) as submitted, sum(published) as published,
        sum(published_rating_sum) as published_rating_sum, sum(asked) as asked, sum(answered) as answered
      from parts group by product_id
    )
    select figures.*, p.name from figures join products p on p.id = figures.product_id
    order by figures.submitted desc, p.name, p.id`);
  return rowsOf(result).map((row) => ({ ...sums(row), id: String(row.product_id), name: String(row.name) }));
}
