import { readList } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { normalizeReview } from "@certavis/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Spec §9: the 'Avis du produit' preview loads 100 reviews. */
export const PRODUCT_REVIEWS_PREVIEW_LIMIT = 100;

export const getProductReviews = async (id: string) =>
  readList(
    await api.get("/company/products/{id}/reviews/", {
      params: { path: { id }, query: { limit: PRODUCT_REVIEWS_PREVIEW_LIMIT } },
    }),
  ).map(normalizeReview);

export const productReviewsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.products.reviews(id, { limit: PRODUCT_REVIEWS_PREVIEW_LIMIT }),
    queryFn: () => getProductReviews(id),
  });

export const useProductReviews = (id: string | null) =>
  useQuery({ ...productReviewsQueryOptions(id ?? ""), enabled: Boolean(id) });
