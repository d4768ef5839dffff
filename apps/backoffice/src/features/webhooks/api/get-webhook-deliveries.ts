import type { Schema } from "@certavis/api-client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhookKeys } from "./get-webhooks";

export type WebhookDelivery = Schema<"WebhookDelivery">;

export const getWebhookDeliveries = (id: string) =>
  api.get("/company/webhooks/{id}/deliveries/", { params: { path: { id }, query: { limit: 20 } } });

const inFlight = (delivery: WebhookDelivery) =>
  delivery.status === "sending" || delivery.status === "scheduled";

/** The last 20 deliveries; polled every 2 s while one is on its way (a test, a fresh event). */
export const webhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => getWebhookDeliveries(id),
    refetchInterval: (query) => (query.state.data?.results.some(inFlight) ? 2000 : false),
  });

export const useWebhookDeliveries = (id: string) => useQuery(webhookDeliveriesQueryOptions(id));
