import { type AnswerMessage, message } from "./messages";

/**
 * What a review is about (ARCHITECTURE §10.18): a product of the order (`product`, every review before
 * store reviews), or the shop itself (`store`). A store review follows every rule of a product review
 * (moderation, 30-day publication, reply, withdrawal, erasure, expiry); the two averages never mix.
 */
export const REVIEW_SUBJECTS = ["product", "store"] as const;
export type ReviewSubject = (typeof REVIEW_SUBJECTS)[number];

export function isReviewSubject(value: unknown): value is ReviewSubject {
  return typeof value === "string" && (REVIEW_SUBJECTS as readonly string[]).includes(value);
}

/**
 * The order line a store review hangs on: the order's head (line 0), whatever its number of products,
 * so an order (one reference) holds at most one store review.
 */
export const STORE_REVIEW_LINE = 0;

/** A store review's rating: whole stars, 1 to 5, required. */
export const STORE_RATING_MIN = 1;
export const STORE_RATING_MAX = 5;
export const STORE_REVIEW_TITLE_MAX = 200;
export const STORE_REVIEW_COMMENT_MAX = 5000;

export interface StoreReviewAnswer {
  rating: number;
  title: string;
  comment: string;
}

export type StoreReviewErrors = Partial<Record<keyof StoreReviewAnswer, AnswerMessage[]>>;

/**
 * Checks a buyer's answer to 'votre expérience avec {boutique}': a whole-star rating 1–5 (required),
 * an optional title and comment (text, trimmed, bounded). Returns the clean answer or the problems by
 * field (codes; the caller shows their text).
 */
export function validateStoreReview(
  input: unknown,
): { ok: true; value: StoreReviewAnswer } | { ok: false; errors: StoreReviewErrors } {
  const body = input && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const errors: StoreReviewErrors = {};
  const rating = body.rating;
  if (rating === undefined || rating === null || rating === "") errors.rating = [message("required")];
  else if (
    typeof rating !== "number" ||
    !Number.isInteger(rating) ||
    rating < STORE_RATING_MIN ||
    rating > STORE_RATING_MAX
  )
    errors.rating = [message("answer.numberBetween", { min: STORE_RATING_MIN, max: STORE_RATING_MAX })];
  const text = (key: "title" | "comment", max: number): string => {
    const value = body[key];
    if (value === undefined || value === null) return "";
    if (typeof value !== "string") {
      errors[key] = [message("answer.notText")];
      return "";
    }
    const trimmed = value.trim();
    if (trimmed.length > max) errors[key] = [message("answer.maxLength", { n: max })];
    return trimmed;
  };
  const title = text("title", STORE_REVIEW_TITLE_MAX);
  const comment = text("comment", STORE_REVIEW_COMMENT_MAX);
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { rating: rating as number, title, comment } };
}

/** Whether an order's buyer is asked about the shop: the company collects store reviews, none given yet. */
export function storeQuestionOpen(companyCollects: boolean, alreadyAnswered: boolean): boolean {
  return companyCollects && !alreadyAnswered;
}
