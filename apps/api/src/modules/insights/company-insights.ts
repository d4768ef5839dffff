import { type InsightsPeriod, previousInsightsPeriod } from "@certavis/domain";
import type { DbOrTx } from "../../db/client";
import type { ResponseOf } from "../../http/operation-types";
import { refreshInsightRollups } from "./insight-rollups";
import { companyDataVersion, createInsightsCache } from "./insights-cache";
import { addDays, periodDayFigures, periodFigures } from "./period-figures";
import type { InsightsScope } from "./period-filter";
import { periodProducts } from "./period-products";
import { periodSeries } from "./period-series";
import { periodStore } from "./period-store";
import { periodThemes } from "./period-themes";
import { periodTotals } from "./period-totals";

export type CompanyInsights = ResponseOf<"companyInsightsGet", 200>;

const cache = createInsightsCache<CompanyInsights>();

/** The statistics of a period, computed once per company, query and data version. */
export async function companyInsights(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<CompanyInsights> {
  const key = [scope.companyId, scope.productId ?? "", period.from, period.to, period.granularity].join("|");
  const version = await companyDataVersion(db, scope.companyId);
  const cached = cache.get(key, version);
  if (cached) return cached;
  const insights = await computeInsights(db, scope, period);
  cache.set(key, version, insights);
  return insights;
}

/** The statistics of a period, computed (uncached). */
export async function computeInsights(
  db: DbOrTx,
  scope: InsightsScope,
  period: InsightsPeriod,
): Promise<CompanyInsights> {
  // The figures come from the company's rollups: the days changed since they were last summed first.
  await refreshInsightRollups(db, scope.companyId);
  const before = previousInsightsPeriod(period);
  // The period's days are read once (totals, series, products); the period before only for its totals.
  const [[figures, totals], previous, themes, store] = await Promise.all([
    periodFigures(db, scope, period).then(
      async (read) => [read, await periodTotals(db, scope, period, addDays(read.days))] as const,
    ),
    periodDayFigures(db, scope, before).then((days) => periodTotals(db, scope, before, addDays(days))),
    periodThemes(db, scope, period),
    periodStore(db, scope, period),
  ]);
  const seriesAndDistribution = periodSeries(period, figures.days);
  const products = periodProducts(figures.products);
  return {
    from: period.from,
    to: period.to,
    granularity: period.granularity,
    product_id: scope.productId,
    totals,
    previous,
    ...seriesAndDistribution,
    products,
    themes,
    store,
  };
}
