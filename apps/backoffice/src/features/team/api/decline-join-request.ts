import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const declineJoinRequest = (id: string) =>
  api.post("/company/requests/{id}/decline/", { params: { path: { id } } });

export const useDeclineJoinRequest = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: declineJoinRequest,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.requests });
    },
  });
};
