import { randomBytes } from "node:crypto";
import { type Cipher, createKeyedCipher } from "../../lib/crypto";
import type { KeyRing } from "../../lib/keyring";

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes (the HMAC key is the decoded part). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** Seals the endpoints' secrets at rest with the key ring's `webhook-secret` keys (read when used). */
export function webhookSecretCipher(keys: () => KeyRing): Cipher {
  return createKeyedCipher({
    current: () => ({ kid: keys().current.kid, key: keys().currentKey("webhook-secret") }),
    byKid: (kid) => keys().key("webhook-secret", kid),
  });
}
