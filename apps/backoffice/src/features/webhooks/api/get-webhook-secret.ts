import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Read on demand (a click), never cached: the secret stays out of the query cache. */
export const getWebhookSecret = (id: string) =>
  api.get("/company/webhooks/{id}/secret/", { params: { path: { id } } });

export const useRevealWebhookSecret = () => useMutation({ mutationFn: getWebhookSecret });
