import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const confirmPasswordReset = (input: { token: string; password: string }) =>
  api.post("/auth/reset-password/confirm/", { body: input });

export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
