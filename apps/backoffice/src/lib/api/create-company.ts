import { errorMessage, fieldErrors } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { fr } from "@certavis/i18n-fr";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client";

export const createCompany = (name: string) => api.post("/company/", { body: { name } });

/** Creates the caller's company (they become its owner); the current user is refreshed. */
export const useCreateCompany = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.me }),
  });
};

/** Spec §8: the field error on name or website first, else the server detail, else the default. */
export function createCompanyErrorMessage(error: unknown): string {
  const fields = fieldErrors(error);
  return fields.name ?? fields.website ?? errorMessage(error, fr.errors.company.createFailed);
}
