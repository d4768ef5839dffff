import { createHmac, timingSafeEqual } from "node:crypto";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function withdrawalMac(secret: string | Uint8Array, orderId: string): Buffer {
  return createHmac("sha256", secret).update(`certavis:withdrawal:${orderId}`).digest();
}

/**
 * The author's personal withdrawal token: the order id and an HMAC-SHA256 of it (256 bits) under the
 * review-key secret with its own label (single purpose: it cannot open the form, the review key
 * cannot withdraw). The mail worker rebuilds it for the thanks e-mail with the newest key; the link
 * opens with any key of the ring (`withdrawalTokenOrder`), so a rotation between the review and its
 * thanks e-mail, or after the e-mail, breaks no link. The database keeps its SHA-256 too
 * (`reviews.withdrawal_token_hash`), which is how tokens without the order id are still found.
 */
export function deriveWithdrawalToken(secret: string | Uint8Array, orderId: string): string {
  return `${orderId}.${withdrawalMac(secret, orderId).toString("base64url")}`;
}

/** The order a withdrawal token was made for, by whichever key of the ring made it; null otherwise. */
export function withdrawalTokenOrder(secrets: readonly Uint8Array[], token: string): string | null {
  const [orderId, mac, ...rest] = token.split(".");
  if (!orderId || !mac || rest.length > 0 || !UUID.test(orderId)) return null;
  const given = Buffer.from(mac, "base64url");
  for (const secret of secrets) {
    const expected = withdrawalMac(secret, orderId);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return orderId;
  }
  return null;
}

export function withdrawalUrl(formUrl: string, token: string): string {
  return `${formUrl.replace(/\/+$/, "")}/create-reviews/retrait?token=${encodeURIComponent(token)}`;
}

export function procedureUrl(widgetUrl: string, companyId: string): string {
  return `${widgetUrl.replace(/\/+$/, "")}/widget/fonctionnement?company_id=${encodeURIComponent(companyId)}`;
}
