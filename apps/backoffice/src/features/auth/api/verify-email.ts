import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const verifyEmail = (code: string) => api.post("/auth/verify-email/", { body: { code } });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
