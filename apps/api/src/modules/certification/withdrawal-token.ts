import { createHmac } from "node:crypto";

/**
 * The author's personal withdrawal token: 256 bits, HMAC-SHA256 of the order id under the server
 * secret with its own label (single purpose: it cannot open the form, the review key cannot withdraw).
 * The mail worker rebuilds it for the thanks e-mail; the database keeps only its SHA-256
 * (`reviews.withdrawal_token_hash`, hashed like the review key).
 */
export function deriveWithdrawalToken(secret: string | Uint8Array, orderId: string): string {
  return createHmac("sha256", secret).update(`certavis:withdrawal:${orderId}`).digest("base64url");
}

export function withdrawalUrl(formUrl: string, token: string): string {
  return `${formUrl.replace(/\/+$/, "")}/create-reviews/retrait?token=${encodeURIComponent(token)}`;
}

export function procedureUrl(widgetUrl: string, companyId: string): string {
  return `${widgetUrl.replace(/\/+$/, "")}/widget/fonctionnement?company_id=${encodeURIComponent(companyId)}`;
}
