import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const reportReview = (id: string, reason: string) =>
  api.post("/company/reviews/{id}/report/", { params: { path: { id } }, body: { reason } });

/** Report a doubt about a review (logged in its trail, status unchanged); its history refreshes. */
export const useReportReview = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => reportReview(id, reason),
    onSettled: (_data, _error, { id }) =>
      client.invalidateQueries({ queryKey: [...queryKeys.reviews.all, "history", id] }),
  });
};
