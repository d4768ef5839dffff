import { readList, type Schema } from "@certavis/api-client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type OrderImportSummary = Schema<"OrderImportSummary">;

/** `GET /company/orders/imports/`: the company's imports, newest first, without their refused lines. */
export const listOrderImports = (query: { limit?: number; offset?: number } = {}) =>
  api.get("/company/orders/imports/", { params: { query } });

export const latestOrderImportQueryOptions = () =>
  queryOptions({
    queryKey: ["orders", "imports", "latest"] as const,
    queryFn: async (): Promise<OrderImportSummary | null> =>
      readList(await listOrderImports({ limit: 1 }))[0] ?? null,
    // Asked again on every visit: an import may have started elsewhere (another tab, a colleague).
    staleTime: 0,
  });

/** The company's running or latest import (null when it never imported). */
export const useLatestOrderImport = () => useQuery(latestOrderImportQueryOptions());
