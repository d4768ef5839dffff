import type { Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** 'Envoyer un e-mail de test': the template as edited, to the signed-in user (counts against the quota). */
export const sendTestEmail = (body: Schema<"EmailTemplateTestInput">) =>
  api.post("/company/email-templates/test-email/", { body });

export const useSendTestEmail = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendTestEmail,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.company }),
  });
};
