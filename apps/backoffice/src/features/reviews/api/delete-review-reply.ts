import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const deleteReviewReply = (id: string) =>
  api.delete("/company/reviews/{id}/reply/", { params: { path: { id } } });

export const useDeleteReviewReply = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteReviewReply(id),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.reviews.all }),
        client.invalidateQueries({ queryKey: queryKeys.company }),
      ]),
  });
};
