import { queryKeys } from "@certavis/api-client/react-query";
import { normalizeReview } from "@certavis/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getAwaitingReply = async () =>
  (await api.get("/company/reviews/awaiting-reply/", {})).map(normalizeReview);

/** Negative reviews still without a reply 5 days after publication (dashboard). */
export const useAwaitingReply = () =>
  useQuery({ queryKey: [...queryKeys.reviews.all, "awaiting-reply"], queryFn: getAwaitingReply });
