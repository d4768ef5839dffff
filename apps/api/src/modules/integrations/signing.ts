import { createHmac } from "node:crypto";
import { type Cipher, createKeyedCipher, randomToken, safeEqual } from "../../lib/crypto";
import type { KeyRing } from "../../lib/keyring";

/** Seals and opens connections' signing secrets with the server's keys (purpose `integration-secret`). */
export function integrationSecretCipher(keys: KeyRing): Cipher {
  return createKeyedCipher({
    current: () => ({ kid: keys.current.kid, key: keys.currentKey("integration-secret") }),
    byKid: (kid) => keys.key("integration-secret", kid),
  });
}

/** A new signing secret (256 bits), for WooCommerce (Shopify signs only with the shop's own). */
export function newIntegrationSecret(): string {
  return randomToken(32);
}

/**
 * Whether `signature` is base64(HMAC-SHA256(raw body, secret)), as Shopify (`X-Shopify-Hmac-Sha256`)
 * and WooCommerce (`X-WC-Webhook-Signature`) sign, compared in constant time.
 */
export function signatureMatches(rawBody: string, secret: string, signature: unknown): boolean {
  if (typeof signature !== "string" || signature === "") return false;
  const expected = createHmac("sha256", secret).update(rawBody, "utf8").digest("base64");
  return safeEqual(expected, signature.trim());
}
