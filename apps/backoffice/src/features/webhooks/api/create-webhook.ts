import type { Schema } from "@certavis/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhookKeys } from "./get-webhooks";

export type WebhookEndpointCreate = Schema<"WebhookEndpointCreateInput">;

export const createWebhook = (body: WebhookEndpointCreate) => api.post("/company/webhooks/", { body });

export const useCreateWebhook = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: webhookKeys.list });
    },
  });
};
