import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The owner deletes the company, with their password. */
export const deleteCompany = (password: string) => api.delete("/company/", { body: { password } });

export const useDeleteCompany = () => useMutation({ mutationFn: deleteCompany });
