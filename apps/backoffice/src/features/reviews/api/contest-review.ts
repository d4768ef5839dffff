import { queryKeys } from "@certavis/api-client/react-query";
import type { RejectionReason } from "@certavis/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface Contest {
  reason: RejectionReason;
  explanation: string;
}

export const contestReview = (id: string, contest: Contest) =>
  api.post("/company/reviews/{id}/contest/", { params: { path: { id } }, body: contest });

/** 'Contester cet avis' (Certavis mode): the review stays published; its list and history refresh. */
export const useContestReview = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, contest }: { id: string; contest: Contest }) => contestReview(id, contest),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
};
