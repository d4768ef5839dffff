import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const confirmEmailChange = (token: string) =>
  api.post("/auth/change-email/confirm/", { body: { token } });

export const useConfirmEmailChange = () => useMutation({ mutationFn: confirmEmailChange });
