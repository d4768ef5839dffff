import { queryKeys } from "@certavis/api-client/react-query";
import type { RejectionReason } from "@certavis/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type ModerationStatus = "approved" | "rejected";

/** A rejection's reason (required by the server) and optional note. */
export interface Rejection {
  reason: RejectionReason;
  note?: string;
}

export const updateReviewStatus = (id: string, status: ModerationStatus, rejection?: Rejection) =>
  api.patch("/company/reviews/{id}/", {
    params: { path: { id } },
    body:
      status === "rejected" && rejection
        ? {
            status,
            rejection_reason: rejection.reason,
            ...(rejection.note?.trim() ? { rejection_note: rejection.note.trim() } : {}),
          }
        : { status },
  });

/** After a status change: reviews, recent reviews (company), company figures and product reviews refresh. */
export const useUpdateReviewStatus = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      status,
      rejection,
    }: {
      id: string;
      status: ModerationStatus;
      rejection?: Rejection;
    }) => updateReviewStatus(id, status, rejection),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.reviews.all }),
        client.invalidateQueries({ queryKey: queryKeys.company }),
        client.invalidateQueries({ queryKey: queryKeys.products.allReviews() }),
      ]),
  });
};
