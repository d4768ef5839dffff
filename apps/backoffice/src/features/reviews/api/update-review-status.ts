import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type ModerationStatus = "approved" | "rejected";

export const updateReviewStatus = (id: string, status: ModerationStatus) =>
  api.patch("/company/reviews/{id}/", { params: { path: { id } }, body: { status } });

/** After a status change: reviews, recent reviews (company), company figures and product reviews refresh. */
export const useUpdateReviewStatus = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ModerationStatus }) => updateReviewStatus(id, status),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.reviews.all }),
        client.invalidateQueries({ queryKey: queryKeys.company }),
        client.invalidateQueries({ queryKey: queryKeys.products.allReviews() }),
      ]),
  });
};
