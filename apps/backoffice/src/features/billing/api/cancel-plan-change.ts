import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Calls off the scheduled change (a lower plan, or the end of the subscription). */
export const cancelPlanChange = () => api.delete("/company/subscription/plan-change/");

export const useCancelPlanChange = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelPlanChange,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.subscription });
      void client.invalidateQueries({ queryKey: queryKeys.company });
    },
  });
};
