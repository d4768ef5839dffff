import type { PublicReview, PublicReviews } from "../src/features/reviews/api/public-reviews";

let counter = 0;

export function review(overrides: Partial<PublicReview> = {}): PublicReview {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    rating: 4.5,
    title: `Titre ${counter}`,
    comment: `Commentaire ${counter}`,
    author_name: "Léa B.",
    created_at: "2026-11-22T10:00:00.000Z",
    published_at: "2026-11-22T10:00:00.000Z",
    experience_date: "2026-11-15T10:00:00.000Z",
    product: { id: "6f1c2b9e-2d4a-4c1e-9b7e-1a2b3c4d5e6f", name: "Lampe Aurore" },
    photos: [],
    reply: null,
    ...overrides,
  };
}

export function publicReviews(
  reviews: PublicReview[],
  overrides: Partial<PublicReviews> = {},
): PublicReviews {
  return {
    company: {
      id: "3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a",
      name: "Maison Lumière",
      logo: null,
      website: "https://maison-lumiere.fr",
      mean_note: 4.6,
      reviews_count: 128,
      moderation: { mode: "certavis", since: "2026-11-20T10:00:00.000Z", pending: null },
      departed_at: null,
    },
    product: null,
    products: [],
    metrics: { average_note: 4.25, reviews_count: reviews.length },
    reviews,
    sort_order: "published_at_desc",
    ...overrides,
  };
}
