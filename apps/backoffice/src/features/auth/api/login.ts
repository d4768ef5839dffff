import type { components } from "@certavis/api-client";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface LoginInput {
  email: string;
  password: string;
}

export type SecondFactorChallenge = components["schemas"]["SecondFactorChallenge"];

/**
 * Signs in and keeps the tokens (certavis.access / certavis.refresh); a Certavis operator gets the
 * second factor's challenge instead (then `loginSecondFactor`).
 */
export const login = async (input: LoginInput): Promise<SecondFactorChallenge | null> => {
  const answer = await api.post("/auth/login/", { body: input });
  if ("challenge" in answer) return answer;
  api.tokenStore.set(answer);
  return null;
};

export const useLogin = () => useMutation({ mutationFn: login });
