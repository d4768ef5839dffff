import type { Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type FormPayload = Schema<"FormCreateInput">;

/** Creates the form (no id) or updates it; spec §7 sends the fields as `schema` and `fields`. */
export const saveForm = ({ id, body }: { id?: string; body: FormPayload }) =>
  id
    ? api.patch("/company/forms/{id}/", { params: { path: { id } }, body })
    : api.post("/company/forms/", { body });

export const useSaveForm = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveForm,
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.forms.detail(saved.id), saved);
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.forms.all }),
        client.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]);
    },
  });
};
