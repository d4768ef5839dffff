import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const cancelInvite = (id: string) =>
  api.delete("/company/invites/{id}/", { params: { path: { id } } });

export const useCancelInvite = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelInvite,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.invites });
    },
  });
};
