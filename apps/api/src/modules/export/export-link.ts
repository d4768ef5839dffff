import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a download link opens the export: long enough for the browser to follow it, not to share it. */
export const EXPORT_LINK_LIFETIME_MS = 3 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function linkMac(secret: Uint8Array, companyId: string, userId: string, expires: number): Buffer {
  return createHmac("sha256", secret)
    .update(`certavis:export-link:${companyId}:${userId}:${expires}`)
    .digest();
}

/**
 * The token of a download link of `companyId`'s export asked by `userId`, valid until `expiresAt`:
 * the three and an HMAC-SHA256 of them under the access-token key with its own label. Nothing is
 * stored; the member's right to export is checked again when the link is followed.
 */
export function exportLinkToken(
  secret: Uint8Array,
  companyId: string,
  userId: string,
  expiresAt: Date,
): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${companyId}.${userId}.${expires}.${linkMac(secret, companyId, userId, expires).toString("base64url")}`;
}

/** Whom a download token was made for, while it is valid, by whichever key of the ring made it; null otherwise. */
export function readExportLinkToken(
  secrets: readonly Uint8Array[],
  token: string,
  now: Date,
): { companyId: string; userId: string } | null {
  const [companyId, userId, expiresText, mac, ...rest] = token.split(".");
  if (!companyId || !userId || !expiresText || !mac || rest.length > 0) return null;
  if (!UUID.test(companyId) || !UUID.test(userId) || !/^\d{1,12}$/.test(expiresText)) return null;
  const expires = Number(expiresText);
  if (expires * 1000 <= now.getTime()) return null;
  const given = Buffer.from(mac, "base64url");
  for (const secret of secrets) {
    const expected = linkMac(secret, companyId, userId, expires);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { companyId, userId };
  }
  return null;
}
