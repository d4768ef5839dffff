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

/** One review as schema.org `Review` (without context: inside a Product, or the head of `reviewJsonLd`). */
function reviewItem(review: JsonLdReviewInput) {
  return {
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
  };
}

/** The product a review is about, as its page's `itemReviewed` (no rating: the review carries it). */
function productItem(product: Omit<JsonLdProductInput, "mean_note" | "reviews_count">) {
  const image = product.image && /^https?:\/\//i.test(product.image) ? product.image : undefined;
  return {
    "@type": "Product",
    name: product.name,
    ...(image ? { image } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.gtin ? { gtin: product.gtin } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    ...(product.url && /^https?:\/\//i.test(product.url) ? { url: product.url } : {}),
  };
}

/** A review's own page: a schema.org `Review` of its product, published by the company. */
export function reviewJsonLd(
  review: JsonLdReviewInput,
  product: Omit<JsonLdProductInput, "mean_note" | "reviews_count">,
  publisher: string,
) {
  return {
    "@context": "https://schema.org",
    ...reviewItem(review),
    itemReviewed: productItem(product),
    publisher: { "@type": "Organization", name: publisher },
  };
}

/**
 * A schema.org `Product` with `aggregateRating` and `review` (Google's review snippets). A product
 * without approved reviews gets neither (an aggregate of 0 reviews is invalid for Google).
 */
export function productJsonLd(product: JsonLdProductInput, reviews: readonly JsonLdReviewInput[]) {
  const rated = product.reviews_count > 0 && typeof product.mean_note === "number";
  return {
    "@context": "https://schema.org",
    ...productItem(product),
    ...(rated
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: clampRating(product.mean_note ?? 0),
            reviewCount: product.reviews_count,
            bestRating: BEST_RATING,
            worstRating: WORST_RATING,
          },
          review: reviews.slice(0, JSON_LD_MAX_REVIEWS).map(reviewItem),
        }
      : {}),
  };
}

export interface JsonLdStoreInput {
  name: string;
  /** The shop's website (absolute), its logo (absolute). */
  url?: string | null;
  logo?: string | null;
  mean_note: number | null;
  reviews_count: number;
}

/**
 * The shop itself as schema.org `OnlineStore` (an `Organization`) with the `aggregateRating` and
 * `review` of its store reviews: allowed on a third party's page, which the public review page is.
 * Without published store reviews it carries neither.
 */
export function storeJsonLd(store: JsonLdStoreInput, reviews: readonly JsonLdReviewInput[]) {
  const rated = store.reviews_count > 0 && typeof store.mean_note === "number";
  const absolute = (value: string | null | undefined) =>
    value && /^https?:\/\//i.test(value) ? value : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "OnlineStore",
    name: store.name,
    ...(absolute(store.url) ? { url: absolute(store.url) } : {}),
    ...(absolute(store.logo) ? { logo: absolute(store.logo) } : {}),
    ...(rated
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: clampRating(store.mean_note ?? 0),
            reviewCount: store.reviews_count,
            bestRating: BEST_RATING,
            worstRating: WORST_RATING,
          },
          review: reviews.slice(0, JSON_LD_MAX_REVIEWS).map(reviewItem),
        }
      : {}),
  };
}
