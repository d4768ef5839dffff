import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { webhookKeys } from "./get-webhooks";

export const deleteWebhook = (id: string) =>
  api.delete("/company/webhooks/{id}/", { params: { path: { id } } });

export const useDeleteWebhook = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: webhookKeys.list });
    },
  });
};
