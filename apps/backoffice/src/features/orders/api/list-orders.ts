import type { Schema } from "@certavis/api-client";
import type { OrderSource, RequestState } from "@certavis/domain";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type Order = Schema<"Order">;
export type OrdersPage = Schema<"PagedOrders">;

export interface OrderListFilters {
  q: string;
  state: RequestState | "";
  source: OrderSource | "";
  /** AAAA-MM-JJ or empty. */
  from: string;
  to: string;
}

export const NO_ORDER_FILTERS: OrderListFilters = { q: "", state: "", source: "", from: "", to: "" };

const PAGE_SIZE = 25;

/** `GET /company/orders/`: a page of orders after `cursor` (keyset), searched and filtered. */
export const listOrders = (filters: OrderListFilters, cursor: string | null) =>
  api.get("/company/orders/", {
    params: {
      query: {
        limit: PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
        ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
        ...(filters.state ? { state: filters.state } : {}),
        ...(filters.source ? { source: filters.source } : {}),
        ...(filters.from ? { from: filters.from } : {}),
        ...(filters.to ? { to: filters.to } : {}),
      },
    },
  });

export const ordersQueryOptions = (filters: OrderListFilters) =>
  infiniteQueryOptions({
    queryKey: ["orders", "list", filters] as const,
    queryFn: ({ pageParam }): Promise<OrdersPage> => listOrders(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** The orders, page after page ('Afficher plus'). */
export const useOrders = (filters: OrderListFilters) => useInfiniteQuery(ordersQueryOptions(filters));
