import { queryKeys } from "@certavis/api-client/react-query";
import { fr } from "@certavis/i18n-fr";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client";
import type { User } from "./get-me";

export interface ProfileInput {
  first_name?: string;
  last_name?: string;
  email?: string;
  email_alerts?: User["email_alerts"];
}

/**
 * A profile update answers the user (the same PATCH answers tokens only for a password change). A new
 * e-mail is kept in `pending_email` until confirmed by the link mailed to it.
 */
export const updateProfile = async (input: ProfileInput): Promise<User> => {
  const answer = await api.patch("/users/me/", { body: input });
  if (!("id" in answer)) throw new Error(fr.errors.profile.updateFailed);
  return answer;
};

export const useUpdateProfile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => client.setQueryData(queryKeys.me, user),
  });
};
