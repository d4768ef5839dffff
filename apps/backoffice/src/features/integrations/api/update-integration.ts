import type { Schema } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type IntegrationUpdate = Schema<"IntegrationUpdate">;

export const updateIntegration = ({ id, ...body }: IntegrationUpdate & { id: string }) =>
  api.patch("/company/integrations/{id}/", { params: { path: { id } }, body });

export const useUpdateIntegration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateIntegration,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.integrations.all });
    },
  });
};
