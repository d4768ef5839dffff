import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const deleteForm = (id: string) => api.delete("/company/forms/{id}/", { params: { path: { id } } });

export const useDeleteForm = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteForm,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.forms.all }),
        client.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]),
  });
};
