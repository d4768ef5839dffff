import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** An operator's challenge and TOTP code: signs in and keeps the tokens. */
export const loginSecondFactor = async (input: { challenge: string; code: string }) => {
  const tokens = await api.post("/auth/login/second-factor/", { body: input });
  api.tokenStore.set(tokens);
  return tokens;
};

export const useLoginSecondFactor = () => useMutation({ mutationFn: loginSecondFactor });
