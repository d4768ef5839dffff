import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface LoginInput {
  email: string;
  password: string;
}

/** Signs in and keeps the tokens (certavis.access / certavis.refresh). */
export const login = async (input: LoginInput) => {
  const tokens = await api.post("/auth/login/", { body: input });
  api.tokenStore.set(tokens);
  return tokens;
};

export const useLogin = () => useMutation({ mutationFn: login });
