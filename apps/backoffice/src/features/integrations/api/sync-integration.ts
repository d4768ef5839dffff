import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const syncIntegration = (id: string) =>
  api.post("/company/integrations/{id}/sync/", { params: { path: { id } } });

export const useSyncIntegration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: syncIntegration,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.integrations.all });
    },
  });
};
