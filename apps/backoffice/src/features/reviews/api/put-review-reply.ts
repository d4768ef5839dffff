import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const putReviewReply = (id: string, body: string) =>
  api.put("/company/reviews/{id}/reply/", { params: { path: { id } }, body: { body } });

/** Publish or edit the one public reply of a review; lists and its history refresh. */
export const usePutReviewReply = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) => putReviewReply(id, body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.reviews.all }),
        client.invalidateQueries({ queryKey: queryKeys.company }),
      ]),
  });
};
