import type { Schema } from "@certavis/api-client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type OrderImportJob = Schema<"OrderImportJob">;

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 500;

/** The job with only its refused lines after the first `errorsFrom` (0: all of them). */
export const getOrderImport = (id: string, errorsFrom = 0) =>
  api.get("/company/orders/imports/{id}/", {
    params: { path: { id }, query: errorsFrom > 0 ? { errors_from: errorsFrom } : {} },
  });

export const orderImportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["orders", "imports", id] as const,
    // Refused lines are only appended: each poll asks for those after the ones already held.
    queryFn: async ({ client, queryKey }): Promise<OrderImportJob> => {
      const held = client.getQueryData<OrderImportJob>(queryKey)?.errors ?? [];
      const job = await getOrderImport(id, held.length);
      return held.length ? { ...job, errors: [...held, ...job.errors] } : job;
    },
    refetchInterval: (query) => (query.state.data?.status === "running" ? IMPORT_POLL_MS : false),
  });

/** The job, polled while it runs. */
export const useOrderImport = (id: string | null, initial?: OrderImportJob) =>
  useQuery({
    ...orderImportQueryOptions(id ?? ""),
    enabled: id !== null,
    ...(initial ? { initialData: initial } : {}),
  });
