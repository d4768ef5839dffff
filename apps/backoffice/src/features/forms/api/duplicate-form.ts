import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const duplicateForm = (id: string) =>
  api.post("/company/forms/{id}/duplicate/", { params: { path: { id } } });

export const useDuplicateForm = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: duplicateForm,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.forms.all }),
  });
};
