import { createHmac, timingSafeEqual } from "node:crypto";
import type { ReviewSubject } from "@certavis/domain";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A store review's token (the order's head line holds its product's review too) says so: `<order>.s.<mac>`. */
const STORE_MARK = "s";

function withdrawalMac(secret: string | Uint8Array, orderId: string, subject: ReviewSubject): Buffer {
  const label =
    subject === "store" ? `certavis:withdrawal:store:${orderId}` : `certavis:withdrawal:${orderId}`;
  return createHmac("sha256", secret).update(label).digest();
}

/**
 * The author's personal withdrawal token: the order id and an HMAC-SHA256 of it (256 bits) under the
 * review-key secret with its own label (single purpose: it cannot open the form, the review key
 * cannot withdraw). The mail worker rebuilds it for the thanks e-mail with the newest key; the link
 * opens with any key of the ring (`withdrawalTokenOrder`), so a rotation between the review and its
 * thanks e-mail, or after the e-mail, breaks no link. The database keeps its SHA-256 too
 * (`reviews.withdrawal_token_hash`), which is how tokens without the order id are still found.
 */
export function deriveWithdrawalToken(
  secret: string | Uint8Array,
  orderId: string,
  subject: ReviewSubject = "product",
): string {
  const mac = withdrawalMac(secret, orderId, subject).toString("base64url");
  return subject === "store" ? `${orderId}.${STORE_MARK}.${mac}` : `${orderId}.${mac}`;
}

/** The order line and subject a withdrawal token was made for, by whichever key of the ring made it. */
export function withdrawalTokenOrder(
  secrets: readonly Uint8Array[],
  token: string,
): { orderId: string; subject: ReviewSubject } | null {
  const parts = token.split(".");
  const store = parts.length === 3 && parts[1] === STORE_MARK;
  const [orderId, mac] = store ? [parts[0], parts[2]] : parts;
  if (!orderId || !mac || (!store && parts.length !== 2) || !UUID.test(orderId)) return null;
  const subject: ReviewSubject = store ? "store" : "product";
  const given = Buffer.from(mac, "base64url");
  for (const secret of secrets) {
    const expected = withdrawalMac(secret, orderId, subject);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { orderId, subject };
  }
  return null;
}

export function withdrawalUrl(formUrl: string, token: string): string {
  return `${formUrl.replace(/\/+$/, "")}/create-reviews/retrait?token=${encodeURIComponent(token)}`;
}

export function procedureUrl(widgetUrl: string, companyId: string): string {
  return `${widgetUrl.replace(/\/+$/, "")}/widget/fonctionnement?company_id=${encodeURIComponent(companyId)}`;
}
