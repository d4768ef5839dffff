import { useMutation } from "@tanstack/react-query";
import { api } from "../api-client";

export const deleteAccount = (password: string) => api.delete("/users/me/", { body: { password } });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
