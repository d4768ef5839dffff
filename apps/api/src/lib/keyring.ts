import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { serverKeys } from "../db/schema";
import { type Cipher, createKeyedCipher, deriveKey, randomToken, sha256 } from "./crypto";

/** What each derived key is for: one root secret never serves two purposes directly. */
export type KeyPurpose =
  | "access-token"
  | "review-key"
  | "company-api-key"
  | "webhook-secret"
  | "integration-secret"
  | "email-hash"
  | "second-factor-challenge"
  | "operator-totp";

export interface RootKey {
  kid: string;
  secret: string;
}

/**
 * The server's keys, the same on every instance: root secrets newest first (the first signs, seals
 * and derives; the others still verify and open what they made), and per-purpose keys derived from
 * them (HKDF) with the root's `kid`.
 */
export interface KeyRing {
  readonly current: RootKey;
  readonly roots: readonly RootKey[];
  /** The key of `purpose` derived from the root `kid` (default: the current one); null when unknown. */
  key(purpose: KeyPurpose, kid?: string): Uint8Array | null;
  /** The current key of `purpose` (always known). */
  currentKey(purpose: KeyPurpose): Uint8Array;
  /** Every key of `purpose`, newest first: a review link mailed before a rotation still opens. */
  all(purpose: KeyPurpose): Uint8Array[];
  /** Reversible encryption of company API keys: seals with the current key, opens with any. */
  apiKeyCipher: Cipher;
  /** Reversible encryption of operators' TOTP secrets. */
  totpCipher: Cipher;
}

/** A short public id of a root secret (its hash prefix): what a token or sealed value carries. */
export function keyId(secret: string): string {
  return sha256(`certavis:kid:${secret}`).slice(0, 12);
}

export function createKeyRing(roots: readonly RootKey[]): KeyRing {
  const [current] = roots;
  if (!current) throw new Error("A key ring needs at least one root secret.");
  const cache = new Map<string, Uint8Array>();
  const byKid = new Map(roots.map((root) => [root.kid, root]));
  const key = (purpose: KeyPurpose, kid: string = current.kid): Uint8Array | null => {
    const root = byKid.get(kid);
    if (!root) return null;
    const cacheKey = `${purpose}:${kid}`;
    let derived = cache.get(cacheKey);
    if (!derived) {
      derived = deriveKey(root.secret, purpose);
      cache.set(cacheKey, derived);
    }
    return derived;
  };
  const currentKey = (purpose: KeyPurpose) => key(purpose) as Uint8Array;
  return {
    current,
    roots,
    key,
    currentKey,
    all: (purpose) => roots.map((root) => key(purpose, root.kid) as Uint8Array),
    apiKeyCipher: createKeyedCipher({
      current: () => ({ kid: current.kid, key: currentKey("company-api-key") }),
      byKid: (kid) => key("company-api-key", kid),
    }),
    totpCipher: createKeyedCipher({
      current: () => ({ kid: current.kid, key: currentKey("operator-totp") }),
      byKid: (kid) => key("operator-totp", kid),
    }),
  };
}

/** The roots of `JWT_SECRET` (current) and `JWT_PREVIOUS_SECRETS` (older, still accepted). */
export function rootsFromEnv(secret: string, previous: readonly string[] = []): RootKey[] {
  return [secret, ...previous].map((value, index) => {
    if (Buffer.byteLength(value) < 32) {
      throw new Error(
        `${index === 0 ? "JWT_SECRET" : "JWT_PREVIOUS_SECRETS"} must be at least 256 bits (32 bytes).`,
      );
    }
    return { kid: keyId(value), secret: value };
  });
}

/** Any number: every instance takes the same lock while creating the first key. */
const KEY_CREATION_LOCK = 4_711_001;

/**
 * The roots kept in the database (table `server_keys`), newest first. The first instance to start
 * creates one under a transaction-scoped advisory lock, so instances started at the same moment
 * all end up with the same key. An embedded install that kept its secret in `DATA_DIR/jwt-secret`
 * (before keys moved to the database) adopts that secret, so its sessions and links keep working.
 */
export async function loadDatabaseRoots(database: Database, dataDir: string | null): Promise<RootKey[]> {
  const read = () =>
    database.db
      .select({ kid: serverKeys.kid, secret: serverKeys.secret })
      .from(serverKeys)
      .where(ne(serverKeys.secret, ""))
      .orderBy(desc(serverKeys.createdAt), desc(serverKeys.kid));
  const existing = await read();
  if (existing.length > 0) return existing;
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_CREATION_LOCK})`);
    const again = await tx
      .select({ kid: serverKeys.kid })
      .from(serverKeys)
      .where(ne(serverKeys.secret, ""))
      .limit(1);
    if (again.length > 0) return;
    const legacyFile = dataDir ? join(dataDir, "jwt-secret") : null;
    const secret =
      legacyFile && existsSync(legacyFile) ? readFileSync(legacyFile, "utf8").trim() : randomToken(48);
    await tx.insert(serverKeys).values({ kid: keyId(secret), secret });
  });
  return read();
}

/** What makes `loadKeyRing` refuse to start: instances that would not share their key. */
export const MIXED_KEYS_ERROR =
  "JWT_SECRET is not set on this instance while other instances of this database sign with it: set the same JWT_SECRET on every instance.";

/**
 * JWT_SECRET (and its previous values) when given, else the keys in the database: either way one
 * key for every instance. An instance given JWT_SECRET records its fingerprint (`kid`, an empty
 * secret) in `server_keys`; an instance started without it on that database refuses to start
 * rather than sign with a key the others reject.
 */
export async function loadKeyRing(options: {
  jwtSecret: string | null;
  jwtPreviousSecrets: readonly string[];
  database: Database;
  dataDir: string | null;
}): Promise<KeyRing> {
  const { db } = options.database;
  if (options.jwtSecret) {
    const roots = rootsFromEnv(options.jwtSecret, options.jwtPreviousSecrets);
    await db
      .insert(serverKeys)
      .values({ kid: roots[0]?.kid ?? "", secret: "" })
      .onConflictDoNothing();
    return createKeyRing(roots);
  }
  const fingerprints = await db
    .select({ kid: serverKeys.kid })
    .from(serverKeys)
    .where(eq(serverKeys.secret, ""));
  if (fingerprints.length > 0) throw new Error(MIXED_KEYS_ERROR);
  return createKeyRing(await loadDatabaseRoots(options.database, options.dataDir));
}

/** The ring before `prepare()` loaded it: any use is a bug (the API answers 503 until then). */
export const unloadedKeyRing: KeyRing = new Proxy({} as KeyRing, {
  get() {
    throw new Error("The server keys are not loaded yet (prepare() loads them).");
  },
});
