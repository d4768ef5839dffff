import { createHmac, timingSafeEqual } from "node:crypto";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function unsubscribeMac(secret: string | Uint8Array, orderId: string): Buffer {
  return createHmac("sha256", secret).update(`certavis:unsubscribe:${orderId}`).digest();
}

/**
 * The unsubscribe token of an order's e-mails: the order id (which names the buyer's address and the
 * company) and an HMAC-SHA256 of it under the review-key secret with its own label. Nothing is stored:
 * any key of the ring opens it, so a rotation breaks no link already mailed.
 */
export function deriveUnsubscribeToken(secret: string | Uint8Array, orderId: string): string {
  return `${orderId}.${unsubscribeMac(secret, orderId).toString("base64url")}`;
}

/** The order an unsubscribe token was made for, by whichever key of the ring made it; null otherwise. */
export function unsubscribeTokenOrder(secrets: readonly Uint8Array[], token: string): string | null {
  const [orderId, mac, ...rest] = token.split(".");
  if (!orderId || !mac || rest.length > 0 || !UUID.test(orderId)) return null;
  const given = Buffer.from(mac, "base64url");
  for (const secret of secrets) {
    const expected = unsubscribeMac(secret, orderId);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return orderId;
  }
  return null;
}

/** `{PUBLIC_URL}/api/v1/public/unsubscribe/?token=…`: the `List-Unsubscribe` and footer link. */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/api/v1/public/unsubscribe/?token=${encodeURIComponent(token)}`;
}
