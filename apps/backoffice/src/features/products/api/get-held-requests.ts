import { queryKeys } from "@certavis/api-client/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Issue 42 §2: the orders a draft held, whose requests can leave now that the product is active. */
export const getHeldRequests = (id: string) =>
  api.get("/company/products/{id}/held-requests/", { params: { path: { id } } });

export const heldRequestsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.products.detail(id), "held-requests"] as const,
    queryFn: () => getHeldRequests(id),
  });

export const useHeldRequests = (id: string, enabled: boolean) =>
  useQuery({ ...heldRequestsQueryOptions(id), enabled });
