import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Cancels at the end of the period; answers `current_period_end` (seconds or date string, spec §7). */
export const cancelSubscription = () => api.post("/company/subscription/cancel/");

export const useCancelSubscription = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.subscription });
      void client.invalidateQueries({ queryKey: queryKeys.company });
    },
  });
};
