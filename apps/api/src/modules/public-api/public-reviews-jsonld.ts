import { JSON_LD_MAX_REVIEWS, jsonForScript, productJsonLd } from "@certavis/domain";
import type { AppContext } from "../../context";
import type { ResponseOf } from "../../http/operation-types";
import { etagOf } from "../../http/send-cacheable";
import { publicReviews } from "./public-reviews";

type PublicReviewsBody = ResponseOf<"publicReviewsGet", 200>;

/**
 * `GET /public/reviews/jsonld/`: the product's schema.org JSON-LD, built from the public reviews answer
 * itself (same rules: approved reviews of an active or archived product, same authors, same in-process cache and
 * the same clearing after a moderation). The body is escaped to be put inside a script element.
 */
export async function publicReviewsJsonLd(
  ctx: AppContext,
  query: { companyId: string; productId: string },
): Promise<{ body: string; etag: string }> {
  const { body } = await publicReviews(ctx, { ...query, limit: JSON_LD_MAX_REVIEWS });
  const data = JSON.parse(body) as PublicReviewsBody;
  const product = data.product;
  if (!product) throw new Error("public reviews of a product without its product");
  const ld = jsonForScript(productJsonLd(product, data.reviews));
  return { body: ld, etag: etagOf(ld) };
}
