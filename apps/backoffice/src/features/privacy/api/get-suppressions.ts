import type { Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type Suppression = Schema<"Suppression">;

export const SUPPRESSIONS_PAGE = 20;

export interface SuppressionQuery {
  search: string;
  offset: number;
}

export const getSuppressions = ({ search, offset }: SuppressionQuery) =>
  api.get("/company/suppressions/", {
    params: { query: { limit: SUPPRESSIONS_PAGE, offset, ...(search ? { search } : {}) } },
  });

export const suppressionsQueryOptions = (query: SuppressionQuery) =>
  queryOptions({
    queryKey: queryKeys.suppressions.list({ ...query }),
    queryFn: () => getSuppressions(query),
    placeholderData: keepPreviousData,
  });

export const useSuppressions = (query: SuppressionQuery, enabled = true) =>
  useQuery({ ...suppressionsQueryOptions(query), enabled });
