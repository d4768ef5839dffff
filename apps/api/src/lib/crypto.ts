import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";

/** URL-safe random token of `bytes` bytes (default 32 = 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Hex SHA-256: how tokens, codes and keys are stored (hashed at rest) and looked up. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A 256-bit key for one `purpose` derived (HKDF-SHA256) from a root secret. */
export function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", Buffer.from(secret), Buffer.alloc(0), `certavis:${purpose}`, 32));
}

export interface Cipher {
  encrypt(plain: string): string;
  /** null when the key that sealed the value is unknown here, or the value is corrupt. */
  decrypt(sealed: string): string | null;
}

/**
 * AES-256-GCM sealing `v2.<kid>.<iv>.<tag>.<data>`: sealed with the current key, opened with the
 * key of its `kid`, so values sealed before a key rotation still open while the old key is kept.
 */
export function createKeyedCipher(keys: {
  current: () => { kid: string; key: Uint8Array };
  byKid: (kid: string) => Uint8Array | null;
}): Cipher {
  return {
    encrypt(plain) {
      const { kid, key } = keys.current();
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [
        "v2",
        kid,
        iv.toString("base64url"),
        cipher.getAuthTag().toString("base64url"),
        data.toString("base64url"),
      ].join(".");
    },
    decrypt(sealed) {
      const [version, kid, iv, tag, data] = sealed.split(".");
      if (version !== "v2" || !kid || !iv || !tag || !data) return null;
      const key = keys.byKid(kid);
      if (!key) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        return null;
      }
    },
  };
}
