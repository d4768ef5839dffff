import type { InsightsPeriod } from "@certavis/domain";
import { addDaysTo } from "@certavis/domain";
import { type SQL, sql } from "drizzle-orm";

/** What every statistics query reads: the company, its optional product, and a period of UTC days. */
export interface InsightsScope {
  companyId: string;
  productId: string | null;
}

/** `[from 00:00 UTC, the day after to 00:00 UTC)` as SQL timestamps. */
export function periodBounds(period: Pick<InsightsPeriod, "from" | "to">): { start: SQL; end: SQL } {
  return {
    start: sql`${`${period.from}T00:00:00Z`}::timestamptz`,
    end: sql`${`${addDaysTo(period.to, 1)}T00:00:00Z`}::timestamptz`,
  };
}

/** `day` within the period, for `insight_days`. */
export function periodDays(period: Pick<InsightsPeriod, "from" | "to">): SQL {
  return sql`day >= ${period.from}::date and day <= ${period.to}::date`;
}

/** `and <column> = product` when the scope names one. */
export function productCondition(column: SQL, scope: InsightsScope): SQL {
  return scope.productId ? sql`and ${column} = ${scope.productId}::uuid` : sql``;
}

export { rowsOf } from "../../db/rows-of";

export const numberOrNull = (value: unknown, decimals: number): number | null => {
  if (value === null || value === undefined) return null;
  const factor = 10 ** decimals;
  return Math.round(Number(value) * factor) / factor;
};
