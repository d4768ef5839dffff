import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const deleteIntegration = (id: string) =>
  api.delete("/company/integrations/{id}/", { params: { path: { id } } });

export const useDeleteIntegration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteIntegration,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.integrations.all });
    },
  });
};
