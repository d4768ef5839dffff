import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhookKeys } from "./get-webhooks";

export const resendWebhookDelivery = (id: string) =>
  api.post("/company/webhook-deliveries/{id}/resend/", { params: { path: { id } } });

export const useResendWebhookDelivery = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
};
