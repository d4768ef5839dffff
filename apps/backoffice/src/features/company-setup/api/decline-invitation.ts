import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const declineInvitation = (id: string) =>
  api.post("/company/invites/{id}/decline/", { params: { path: { id } } });

/** Refusing only refreshes the user and the received invitations (spec §4). */
export const useDeclineInvitation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: declineInvitation,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.me }),
        client.invalidateQueries({ queryKey: queryKeys.invites }),
      ]),
  });
};
