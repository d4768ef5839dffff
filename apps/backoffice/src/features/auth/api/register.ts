import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface RegisterInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

/** Creates the account and signs in (the verification code is mailed). */
export const register = async (input: RegisterInput) => {
  const tokens = await api.post("/auth/register/", { body: input });
  api.tokenStore.set(tokens);
  return tokens;
};

export const useRegister = () => useMutation({ mutationFn: register });
