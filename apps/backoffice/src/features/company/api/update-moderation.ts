import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const updateModeration = (mode: "shop" | "certavis") =>
  api.put("/company/moderation/", { body: { mode } });

export const useUpdateModeration = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateModeration,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.company });
    },
  });
};
