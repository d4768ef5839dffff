import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Erases a buyer at their request (owner, admin): answers what was erased. */
export const eraseBuyer = (email: string) => api.post("/company/privacy/erasures/", { body: { email } });

export const useEraseBuyer = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: eraseBuyer,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.suppressions.all });
      void client.invalidateQueries({ queryKey: queryKeys.reviews.all });
      void client.invalidateQueries({ queryKey: queryKeys.products.allReviews() });
      void client.invalidateQueries({ queryKey: ["orders"] });
    },
  });
};
