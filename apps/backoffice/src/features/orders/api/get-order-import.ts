import type { Schema } from "@certavis/api-client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type OrderImportJob = Schema<"OrderImportJob">;

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 500;

export const getOrderImport = (id: string) =>
  api.get("/company/orders/imports/{id}/", { params: { path: { id } } });

export const orderImportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["orders", "imports", id] as const,
    queryFn: () => getOrderImport(id),
    refetchInterval: (query) => (query.state.data?.status === "running" ? IMPORT_POLL_MS : false),
  });

/** The job, polled while it runs. */
export const useOrderImport = (id: string | null, initial?: OrderImportJob) =>
  useQuery({
    ...orderImportQueryOptions(id ?? ""),
    enabled: id !== null,
    ...(initial ? { initialData: initial } : {}),
  });
