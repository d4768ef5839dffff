import type { Schema } from "@certavis/api-client";

/** The `GET /api/v1/public/reviews/` answer. */
export type PublicReviews = Schema<"PublicReviews">;
export type PublicReview = Schema<"PublicReview">;

/** What the widget shows: the reviews, or a message (missing parameter, load failure). */
export type WidgetState =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "ready"; data: PublicReviews };
