import type { Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type IntegrationInput = Schema<"IntegrationInput">;

export const createIntegration = (body: IntegrationInput) => api.post("/company/integrations/", { body });

export const useCreateIntegration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createIntegration,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.integrations.all });
    },
  });
};
