import type { Schema } from "@certavis/api-client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type OrderDetail = Schema<"OrderDetail">;

/** `GET /company/orders/{id}/`: the order, its timeline and the actions its request allows. */
export const getOrder = (id: string) => api.get("/company/orders/{id}/", { params: { path: { id } } });

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["orders", "detail", id] as const,
    queryFn: (): Promise<OrderDetail> => getOrder(id),
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
