import type { Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type TemplateInput = Schema<"EmailTemplateCreateInput">;

/** Creates the template (no id) or updates it. */
export const saveTemplate = ({ id, body }: { id?: string; body: TemplateInput }) =>
  id
    ? api.patch("/company/email-templates/{id}/", { params: { path: { id } }, body })
    : api.post("/company/email-templates/", { body });

export const useSaveTemplate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.templates.detail(saved.id), saved);
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.templates.all }),
        client.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]);
    },
  });
};
