import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const regenerateApiKey = () => api.post("/company/api-key/regenerate/");

export const useRegenerateApiKey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: regenerateApiKey,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.company });
    },
  });
};
