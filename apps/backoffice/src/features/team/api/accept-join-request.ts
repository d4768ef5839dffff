import { queryKeys } from "@certavis/api-client/react-query";
import type { Role } from "@certavis/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const acceptJoinRequest = ({ id, role }: { id: string; role: Exclude<Role, "owner"> }) =>
  api.post("/company/requests/{id}/accept/", { params: { path: { id } }, body: { role } });

export const useAcceptJoinRequest = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptJoinRequest,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.requests });
      void client.invalidateQueries({ queryKey: queryKeys.members });
    },
  });
};
