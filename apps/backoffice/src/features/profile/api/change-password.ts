import { useMutation } from "@tanstack/react-query";
import { api, tokenStore } from "../../../lib/api-client";

/**
 * PATCH /users/me/ with {current_password, password}: every other session is signed out and this one
 * gets a fresh token pair, stored at once.
 */
export const changePassword = async (input: { current_password: string; password: string }) => {
  const answer = await api.patch("/users/me/", { body: input });
  if ("access" in answer && typeof answer.access === "string")
    tokenStore.set({ access: answer.access, refresh: "refresh" in answer ? answer.refresh : null });
  return answer;
};

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
