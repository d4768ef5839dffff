import type { Cipher } from "../../lib/crypto";
import { randomToken, sha256 } from "../../lib/crypto";

export const API_KEY_PREFIX = "cvk_";
export const API_KEY_LIFETIME_DAYS = 365;

/** A new company API key (`cvk_` + 32 random bytes base64url), its stored forms and its expiry (1 year). */
export function newApiKey(cipher: Cipher, now: Date) {
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  const expiresAt = new Date(now.getTime() + API_KEY_LIFETIME_DAYS * 24 * 3600 * 1000);
  return {
    key,
    columns: {
      apiKeyCiphertext: cipher.encrypt(key),
      apiKeyHash: sha256(key),
      apiKeyPrefix: key.slice(0, 8),
      apiKeyExpiresAt: expiresAt,
    },
  };
}
