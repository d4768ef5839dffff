import type { Schema } from "@certavis/api-client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type WebhookEndpoint = Schema<"WebhookEndpoint">;

/** The query keys of the webhooks card: endpoints, and each endpoint's deliveries under it. */
export const webhookKeys = {
  all: ["webhooks"] as const,
  list: ["webhooks", "list"] as const,
  deliveries: (endpointId: string) => ["webhooks", "deliveries", endpointId] as const,
};

export const getWebhooks = () => api.get("/company/webhooks/", { params: { query: { limit: 100 } } });

export const webhooksQueryOptions = () => queryOptions({ queryKey: webhookKeys.list, queryFn: getWebhooks });

export const useWebhooks = (enabled = true) => useQuery({ ...webhooksQueryOptions(), enabled });
