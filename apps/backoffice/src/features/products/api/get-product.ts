import { ApiError } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getProduct = (id: string) => api.get("/company/products/{id}/", { params: { path: { id } } });

/** Spec §7: the single load is retried at most twice, never on 404. */
export const retryProductLoad = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(error instanceof ApiError && error.status === 404);

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.products.detail(id),
    queryFn: () => getProduct(id),
    retry: retryProductLoad,
  });

export const useProduct = (id: string | undefined) =>
  useQuery({ ...productQueryOptions(id ?? ""), enabled: Boolean(id) });
