import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const deleteSuppression = (id: string) =>
  api.delete("/company/suppressions/{id}/", { params: { path: { id } } });

export const useDeleteSuppression = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSuppression,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.suppressions.all });
    },
  });
};
