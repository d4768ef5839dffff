/** The schema.org rating scale of our reviews: stars out of 5, a rating may be 0 (slider fields). */
export const BEST_RATING = 5;
export const WORST_RATING = 0;
/** Google reads at most this many reviews from a page; the widget shows as many. */
export const JSON_LD_MAX_REVIEWS = 10;

export interface JsonLdReviewInput {
  rating: number;
  title: string | null;
  comment: string | null;
  /** As the widget shows it ("Léa B."), never the e-mail nor the full last name. */
  author_name: string;
  /** ISO date-time of publication. */
  published_at: string;
}

export interface JsonLdProductInput {
  name: string;
  /** Absolute URL only (a relative one means nothing on the shop's page). */
  image?: string | null;
  mean_note: number | null;
  reviews_count: number;
  sku?: string | null;
  gtin?: string | null;
  brand?: string | null;
  /** The page the data describes (absolute). */
  url?: string | null;
}

const round = (value: number) => Math.round(value * 100) / 100;
const clampRating = (value: number) => round(Math.min(Math.max(value, WORST_RATING), BEST_RATING));
const text = (value: string | null) => (value?.trim() ? value.trim() : undefined);

/**
 * A schema.org `Product` with `aggregateRating` and `review` (Google's review snippets). A product
 * without approved reviews gets neither (an aggregate of 0 reviews is invalid for Google).
 */
export function productJsonLd(product: JsonLdProductInput, reviews: readonly JsonLdReviewInput[]) {
  const image = product.image && /^https?:\/\//i.test(product.image) ? product.image : undefined;
  const rated = product.reviews_count > 0 && typeof product.mean_note === "number";
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    ...(image ? { image } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.gtin ? { gtin: product.gtin } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    ...(product.url && /^https?:\/\//i.test(product.url) ? { url: product.url } : {}),
    ...(rated
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: clampRating(product.mean_note ?? 0),
            reviewCount: product.reviews_count,
            bestRating: BEST_RATING,
            worstRating: WORST_RATING,
          },
          review: reviews.slice(0, JSON_LD_MAX_REVIEWS).map((review) => ({
            "@type": "Review",
            author: { "@type": "Person", name: review.author_name },
            datePublished: review.published_at.slice(0, 10),
            ...(text(review.title) ? { name: text(review.title) } : {}),
            ...(text(review.comment) ? { reviewBody: text(review.comment) } : {}),
            reviewRating: {
              "@type": "Rating",
              ratingValue: clampRating(review.rating),
              bestRating: BEST_RATING,
              worstRating: WORST_RATING,
            },
          })),
        }
      : {}),
  };
}
