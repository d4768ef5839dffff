import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const resendEmailCode = () => api.post("/auth/resend-email-code/");

export const useResendEmailCode = () => useMutation({ mutationFn: resendEmailCode });
