import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Issue 42 §2: schedules the requests of the orders a draft held. */
export const sendHeldRequests = (id: string) =>
  api.post("/company/products/{id}/held-requests/", { params: { path: { id } } });

export const useSendHeldRequests = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendHeldRequests(id),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.products.detail(id) }),
  });
};
