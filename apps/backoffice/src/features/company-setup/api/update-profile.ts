import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface ProfileInput {
  first_name?: string;
  last_name?: string;
  email?: string;
}

/** A new e-mail is kept pending until confirmed by the link mailed to it. */
export const updateProfile = (input: ProfileInput) => api.patch("/users/me/", { body: input });

export const useUpdateProfile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => client.setQueryData(queryKeys.me, user),
  });
};
