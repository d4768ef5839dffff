import { queryKeys } from "@certavis/api-client/react-query";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getReviewHistory = (id: string) =>
  api.get("/company/reviews/{id}/history/", { params: { path: { id } } });

/** A review's moderation trail (under the reviews key: every moderation refreshes it). */
export const useReviewHistory = (id: string) =>
  useQuery({ queryKey: [...queryKeys.reviews.all, "history", id], queryFn: () => getReviewHistory(id) });
