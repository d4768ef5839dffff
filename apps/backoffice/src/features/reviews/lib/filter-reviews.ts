import { type NormalizedReview, type ReviewStatus, starBucket } from "@certavis/domain";
import { foldText } from "../../../lib/fold-text";

export interface ReviewFilters {
  search: string;
  /** Product id, or 'all'. */
  product: string;
  /** '1'..'5', or 'all'. */
  rating: string;
  status: ReviewStatus | "all";
  /** 'Boutique' (store reviews), 'Produits' (product reviews), or both. */
  subject: "all" | "store" | "product";
}

export const NO_FILTERS: ReviewFilters = {
  search: "",
  product: "all",
  rating: "all",
  status: "all",
  subject: "all",
};

const fold = foldText;

/** Free text over comment, author name and product name; product, star rating and status filters. */
export function filterReviews(
  reviews: readonly NormalizedReview[],
  filters: ReviewFilters,
): NormalizedReview[] {
  const needle = fold(filters.search.trim());
  return reviews.filter((review) => {
    if (filters.subject !== "all" && review.subject !== filters.subject) return false;
    if (filters.product !== "all" && review.productId !== filters.product) return false;
    if (filters.rating !== "all" && starBucket(review.rating) !== Number(filters.rating)) return false;
    if (filters.status !== "all" && review.status !== filters.status) return false;
    if (!needle) return true;
    return [review.comment ?? "", review.author.name, review.productName].some((text) =>
      fold(text).includes(needle),
    );
  });
}

/** The empty state's button resets search, rating and status (the product choice stays). */
export const resetFilters = (filters: ReviewFilters): ReviewFilters => ({
  ...filters,
  search: "",
  rating: "all",
  status: "all",
});
