/** Google's review feeds: what every review of ours is, and the thresholds a shop's ratings need. */

/** Every review is written in the form's language, French (product feed's `review_language`). */
export const REVIEW_LANGUAGE = "fr";

/** A shop's country when it has not said otherwise. */
export const DEFAULT_SHOP_COUNTRY = "FR";

/** ISO 3166-1 alpha-2, as Google's feeds take it (`review_country`, `country_code`). */
export const isCountryCode = (value: string): boolean => /^[A-Z]{2}$/.test(value);

/**
 * Google shows a store rating for a country from about 100 store reviews there over 12 months, and a
 * product's stars from 50 reviews in the product feed (Merchant Center's documented thresholds).
 */
export const GOOGLE_STORE_RATING_THRESHOLD = 100;
export const GOOGLE_STORE_RATING_MONTHS = 12;
export const GOOGLE_PRODUCT_RATINGS_THRESHOLD = 50;

/**
 * Google takes a merchant review only when it was written within 90 days of the e-mail that invited
 * it (its policy for reviews collected after fulfillment).
 */
export const STORE_REVIEW_INVITE_WINDOW_DAYS = 90;

export function writtenWithinInviteWindow(invitedAt: Date | null, writtenAt: Date): boolean {
  if (!invitedAt) return false;
  const elapsed = writtenAt.getTime() - invitedAt.getTime();
  return elapsed >= 0 && elapsed <= STORE_REVIEW_INVITE_WINDOW_DAYS * 86_400_000;
}
