import { readList } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { normalizeReview } from "@certavis/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The reviews page loads the 200 latest reviews (spec §9) and filters them in the browser. */
export const REVIEWS_PAGE_LIMIT = 200;

export const getReviews = async (limit = REVIEWS_PAGE_LIMIT) =>
  readList(await api.get("/company/reviews/", { params: { query: { limit } } })).map(normalizeReview);

export const reviewsQueryOptions = (limit = REVIEWS_PAGE_LIMIT) =>
  queryOptions({ queryKey: queryKeys.reviews.list({ limit }), queryFn: () => getReviews(limit) });

export const useReviews = () => useQuery(reviewsQueryOptions());
