import { defineHandlers } from "../../http/operation-types";
import { PUBLIC_FOR_A_MINUTE, PUBLIC_REVALIDATED, sendCacheable } from "../../http/send-cacheable";
import { publicBadge } from "./public-badge";
import { isCurrentPublicRatings, publicRatings, ratingKeys } from "./public-ratings";
import { isCurrentPublicReviews, publicReviews } from "./public-reviews";
import { publicReviewsJsonLd } from "./public-reviews-jsonld";

export const publicApiHandlers = defineHandlers({
  publicReviewsGet: async (request, reply) => {
    const answer = await publicReviews(request.server.ctx, {
      companyId: request.query.company_id,
      productId:
        request.query.product_id && request.query.product_id !== "all" ? request.query.product_id : null,
      sku: request.query.sku?.trim() || null,
      limit: request.query.limit ?? 10,
    });
    return sendCacheable(request, reply, answer, "application/json; charset=utf-8", PUBLIC_FOR_A_MINUTE, () =>
      isCurrentPublicReviews(answer),
    );
  },

  publicRatingsGet: async (request, reply) => {
    const asked = ratingKeys(request.query);
    const answer = await publicRatings(request.server.ctx, request.query.company_id, asked);
    return sendCacheable(request, reply, answer, "application/json; charset=utf-8", PUBLIC_FOR_A_MINUTE, () =>
      isCurrentPublicRatings(answer),
    );
  },

  publicBadgeGet: async (request, reply) => {
    const answer = await publicBadge(request.server.ctx, request.query.company_id);
    return sendCacheable(request, reply, answer, "image/svg+xml; charset=utf-8", PUBLIC_REVALIDATED);
  },

  publicReviewsJsonLd: async (request, reply) => {
    const answer = await publicReviewsJsonLd(request.server.ctx, {
      companyId: request.query.company_id,
      productId: request.query.product_id,
    });
    return sendCacheable(request, reply, answer, "application/ld+json; charset=utf-8");
  },
});
