import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client";

/** Removes a member, or the caller themself ('Quitter l'entreprise', spec §6). */
export const removeMember = (id: string) =>
  api.delete("/company/members/{id}/", { params: { path: { id } } });

export const useRemoveMember = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.members });
      void client.invalidateQueries({ queryKey: queryKeys.company });
    },
  });
};
