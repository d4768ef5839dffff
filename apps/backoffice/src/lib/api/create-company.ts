import { queryKeys } from "@certavis/api-client/react-query";
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
