import { createHmac, createSecretKey, hash, type KeyObject } from "node:crypto";

/**
 * Review links stay valid this long after the order was recorded, and in any case until 30 days after
 * the last e-mail carrying them (review-key-expiry.ts).
 */
export const REVIEW_KEY_LIFETIME_DAYS = 90;

/**
 * The per-order review key: 256 bits, HMAC-SHA256 of the order id under a server secret.
 * Deriving it (rather than drawing random bytes) lets the mail worker and an idempotent re-POST of
 * the order rebuild the link without the database ever holding the key: only its SHA-256 is stored.
 */
export function deriveReviewKey(secret: string | Uint8Array | KeyObject, orderId: string): string {
  return createHmac("sha256", secret).update(`certavis:review-key:${orderId}`).digest("base64url");
}

/**
 * The secret as a KeyObject, for deriving many keys in a row: Node checks a raw secret on every
 * `createHmac` (about 5 times the cost of the HMAC itself), a KeyObject once.
 */
export const reviewKeySecret = (secret: Uint8Array): KeyObject => createSecretKey(secret);

export function hashReviewKey(key: string): string {
  return hash("sha256", key, "hex");
}

/**
 * The review key of an order whose hash is `keyHash`, derived with whichever secret made it (newest
 * first): a link mailed after a key rotation for an order recorded before it still opens. Falls back
 * to the newest secret.
 */
export function reviewKeyOf(
  secrets: string | Uint8Array | readonly (string | Uint8Array)[],
  orderId: string,
  keyHash: string,
): string {
  const list = typeof secrets === "string" || secrets instanceof Uint8Array ? [secrets] : secrets;
  let first: string | null = null;
  for (const secret of list) {
    const key = deriveReviewKey(secret, orderId);
    if (hashReviewKey(key) === keyHash) return key;
    first ??= key;
  }
  if (first === null) throw new Error("no review key secret");
  return first;
}

export function reviewUrl(formUrl: string, key: string): string {
  return `${formUrl.replace(/\/+$/, "")}/create-reviews?api_key=${encodeURIComponent(key)}`;
}

/** The review form as a preview of the company's default form (the template editor's test e-mail). */
export function reviewFormPreviewUrl(formUrl: string, companyId: string): string {
  return `${formUrl.replace(/\/+$/, "")}/create-reviews?apercu=${encodeURIComponent(companyId)}`;
}
