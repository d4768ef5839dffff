import type { Schema } from "@certavis/api-client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhookKeys } from "./get-webhooks";

export const updateWebhook = ({ id, ...body }: Schema<"WebhookEndpointInput"> & { id: string }) =>
  api.patch("/company/webhooks/{id}/", { params: { path: { id } }, body });

export const useUpdateWebhook = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
};
