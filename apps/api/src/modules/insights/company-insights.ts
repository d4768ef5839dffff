import { type InsightsPeriod, previousInsightsPeriod } from "@certavis/domain";
import type { DbOrTx } from "../../db/client";
import type { ResponseOf } from "../../http/operation-types";
import { companyDataVersion, createInsightsCache } from "./insights-cache";
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
  const [totals, previous, seriesAndDistribution, products, themes, store] = await Promise.all([
    periodTotals(db, scope, period),
    periodTotals(db, scope, previousInsightsPeriod(period)),
    periodSeries(db, scope, period),
    periodProducts(db, scope, period),
    periodThemes(db, scope, period),
    periodStore(db, scope, period),
  ]);
  const insights: CompanyInsights = {
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
  cache.set(key, version, insights);
  return insights;
}
