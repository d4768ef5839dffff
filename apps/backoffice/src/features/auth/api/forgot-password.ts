import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const requestPasswordReset = (email: string) => api.post("/auth/reset-password/", { body: { email } });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
