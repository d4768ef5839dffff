import { readList } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { normalizeReview, type ReviewSubject } from "@certavis/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

const THEME_REVIEWS_LIMIT = 200;

/**
 * Published reviews of one subject (the products' or the shop's) whose text holds `search` (the
 * server's free-text search), newest first.
 */
export const useThemeReviews = (search: string | null, productId: string | null, subject: ReviewSubject) =>
  useQuery({
    queryKey: [...queryKeys.reviews.all, "theme", search, productId, subject],
    enabled: search !== null,
    queryFn: async () =>
      readList(
        await api.get("/company/reviews/", {
          params: {
            query: {
              search: search ?? "",
              status: "approved",
              limit: THEME_REVIEWS_LIMIT,
              product_id: productId ?? undefined,
              subject,
            },
          },
        }),
      ).map(normalizeReview),
  });
