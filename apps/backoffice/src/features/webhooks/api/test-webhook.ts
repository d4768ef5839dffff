import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhookKeys } from "./get-webhooks";

export const testWebhook = (id: string) =>
  api.post("/company/webhooks/{id}/test/", { params: { path: { id } } });

export const useTestWebhook = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: testWebhook,
    onSuccess: (_delivery, id) => {
      void client.invalidateQueries({ queryKey: webhookKeys.deliveries(id) });
    },
  });
};
