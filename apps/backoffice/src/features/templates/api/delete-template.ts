import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const deleteTemplate = (id: string) =>
  api.delete("/company/email-templates/{id}/", { params: { path: { id } } });

export const useDeleteTemplate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.templates.all }),
        client.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]),
  });
};
