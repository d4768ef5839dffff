import { queryKeys } from "@certavis/api-client/react-query";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The trail's first events (the largest page the server gives). */
const HISTORY_PAGE = 100;

export const getReviewHistory = (id: string) =>
  api.get("/company/reviews/{id}/history/", {
    params: { path: { id }, query: { limit: HISTORY_PAGE } },
  });

/** A review's moderation trail (under the reviews key: every moderation refreshes it). */
export const useReviewHistory = (id: string) =>
  useQuery({ queryKey: [...queryKeys.reviews.all, "history", id], queryFn: () => getReviewHistory(id) });
