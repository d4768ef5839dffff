import { queryKeys } from "@certavis/api-client/react-query";
import type { Role } from "@certavis/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const updateMemberRole = ({ id, role }: { id: string; role: Exclude<Role, "owner"> }) =>
  api.patch("/company/members/{id}/", { params: { path: { id } }, body: { role } });

export const useUpdateMemberRole = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMemberRole,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.members });
    },
  });
};
