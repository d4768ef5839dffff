import type { Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type DelayKind = "send_after" | "remind_after";

/** Spec §7: the template PATCH sets only `send_after` (request) or `remind_after` (reminder). */
export const updateTemplateDelay = (id: string, kind: DelayKind, days: number) =>
  api.patch("/company/email-templates/{id}/", {
    params: { path: { id } },
    body: kind === "send_after" ? { send_after: days } : { remind_after: days },
  });

export const useUpdateTemplateDelay = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, days }: { id: string; kind: DelayKind; days: number }) =>
      updateTemplateDelay(id, kind, days),
    onSuccess: (template: Schema<"EmailTemplate">) => {
      client.setQueryData(queryKeys.templates.detail(template.id), template);
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.templates.all }),
        client.invalidateQueries({ queryKey: queryKeys.products.all }),
      ]);
    },
  });
};
