import type { components } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { InsightsQuery } from "../lib/insights-query";

export type CompanyInsights = components["schemas"]["CompanyInsights"];

export const getInsights = (query: InsightsQuery) =>
  api.get("/company/insights/", {
    params: {
      query: {
        from: query.from,
        to: query.to,
        granularity: query.granularity,
        product_id: query.productId ?? undefined,
      },
    },
  });

/** The statistics of the period in the URL; the previous answer stays shown while the next loads. */
export const useInsights = (query: InsightsQuery) =>
  useQuery({
    queryKey: [...queryKeys.reviews.all, "insights", query],
    queryFn: () => getInsights(query),
    placeholderData: keepPreviousData,
  });
