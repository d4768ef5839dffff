import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const duplicateTemplate = (id: string) =>
  api.post("/company/email-templates/{id}/duplicate/", { params: { path: { id } } });

export const useDuplicateTemplate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: duplicateTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.templates.all }),
  });
};
