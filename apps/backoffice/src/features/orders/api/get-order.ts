import type { Schema } from "@certavis/api-client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type OrderDetail = Schema<"OrderDetail">;

/** `GET /company/orders/{id}/`: the order, its timeline and the actions its request allows. */
export const getOrder = (id: string) => api.get("/company/orders/{id}/", { params: { path: { id } } });

/** An e-mail of the order due now or being sent: the queue is about to settle it. */
const settling = (order: OrderDetail | undefined) =>
  order?.timeline.some(
    (event) =>
      event.type === "email" &&
      (event.result === "sending" ||
        (event.result === "scheduled" && Date.parse(event.at ?? "") <= Date.now())),
  ) ?? false;

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["orders", "detail", id] as const,
    queryFn: (): Promise<OrderDetail> => getOrder(id),
    // After 'Envoyer maintenant' or 'Renvoyer', the order follows its e-mail until it is settled.
    refetchInterval: (query) => (settling(query.state.data) ? 2_000 : false),
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
