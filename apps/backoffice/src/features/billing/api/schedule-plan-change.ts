import { queryKeys } from "@certavis/api-client/react-query";
import type { PlanType } from "@certavis/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Moves to a lower plan at the end of the paid period; answers the change and its date. */
export const schedulePlanChange = (type: PlanType) =>
  api.post("/company/subscription/plan-change/", { body: { subscription_type: type } });

export const useSchedulePlanChange = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: schedulePlanChange,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.subscription });
      void client.invalidateQueries({ queryKey: queryKeys.company });
    },
  });
};
