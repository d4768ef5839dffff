import { createHash, createHmac, timingSafeEqual } from "node:crypto";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function appealMac(secret: string | Uint8Array, decisionId: string): Buffer {
  return createHmac("sha256", secret).update(`certavis:appeal:${decisionId}`).digest();
}

/**
 * The appeal link's token of a decision: its id and an HMAC-SHA256 of it under the review-key secret
 * with its own label (like the withdrawal token): the mail worker rebuilds it when it renders the
 * statement of reasons, and any key of the ring opens it after a rotation.
 */
export function deriveAppealToken(secret: string | Uint8Array, decisionId: string): string {
  return `${decisionId}.${appealMac(secret, decisionId).toString("base64url")}`;
}

/** The decision an appeal token was made for, by whichever key of the ring made it; null otherwise. */
export function appealTokenDecision(secrets: readonly (string | Uint8Array)[], token: string): string | null {
  const [decisionId, mac, ...rest] = token.trim().split(".");
  if (!decisionId || !mac || rest.length > 0 || !UUID.test(decisionId)) return null;
  const given = Buffer.from(mac, "base64url");
  for (const secret of secrets) {
    const expected = appealMac(secret, decisionId);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return decisionId.toLowerCase();
  }
  return null;
}

export function appealTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function appealUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/recours?token=${encodeURIComponent(token)}`;
}

export function moderationRulesUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/regles-de-moderation`;
}
