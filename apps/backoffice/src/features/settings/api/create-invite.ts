import { queryKeys } from "@certavis/api-client/react-query";
import type { Role } from "@certavis/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface InviteInput {
  email: string;
  role: Exclude<Role, "owner">;
}

export const createInvite = (input: InviteInput) => api.post("/company/invites/", { body: input });

export const useCreateInvite = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.invites });
    },
  });
};
