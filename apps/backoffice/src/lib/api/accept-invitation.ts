import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client";

/** Accepts an invitation by its id or by the code of the invitation e-mail; answers the updated user. */
export const acceptInvitation = (idOrCode: string) =>
  api.post("/company/invites/{id}/accept/", { params: { path: { id: idOrCode.trim() } } });

export const useAcceptInvitation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (user) => {
      client.setQueryData(queryKeys.me, user);
      return client.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
};
