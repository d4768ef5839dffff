import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { signAccessToken, verifyAccessToken } from "../../src/auth/access-token";
import { openDatabase } from "../../src/db/client";
import { createKeyRing, keyId, MIXED_KEYS_ERROR, type RootKey, rootsFromEnv } from "../../src/lib/keyring";
import { deriveReviewKey, hashReviewKey, reviewKeyOf } from "../../src/lib/review-key";
import { DEMO_ACCOUNT } from "../../src/seed/demo";
import { authHeaders, createTestDatabase, TEST_PASSWORD_HASH_PARAMS } from "../helpers";
import { createEmptyPostgres } from "./empty-postgres";

const OLD: RootKey = { kid: keyId("o".repeat(40)), secret: "o".repeat(40) };
const NEW: RootKey = { kid: keyId("n".repeat(40)), secret: "n".repeat(40) };
const now = new Date("2026-11-23T12:00:00Z");

describe("key ring: one key per purpose, rotation keeps what the old key made", () => {
  const before = createKeyRing([OLD]);
  const after = createKeyRing([NEW, OLD]);

  it("derives a distinct key per purpose", () => {
    const keys = ["access-token", "review-key", "company-api-key"] as const;
    const hex = keys.map((purpose) => Buffer.from(before.currentKey(purpose)).toString("hex"));
    expect(new Set(hex).size).toBe(3);
    expect(hex).not.toContain(Buffer.from(OLD.secret).toString("hex"));
  });

  it("verifies a token signed before the rotation, and refuses an unknown kid", async () => {
    const token = await signAccessToken(before.currentKey("access-token"), "user-1", now, OLD.kid);
    expect(await verifyAccessToken(after, token, now)).toBe("user-1");
    expect(await verifyAccessToken(createKeyRing([NEW]), token, now)).toBeNull();
  });

  it("opens an API key sealed before the rotation; seals new ones with the new kid", () => {
    const sealed = before.apiKeyCipher.encrypt("ck_live_secret");
    expect(after.apiKeyCipher.decrypt(sealed)).toBe("ck_live_secret");
    expect(after.apiKeyCipher.encrypt("x").split(".")[1]).toBe(NEW.kid);
    expect(createKeyRing([NEW]).apiKeyCipher.decrypt(sealed)).toBeNull();
  });

  it("rebuilds the review link of an order recorded before the rotation", () => {
    const key = deriveReviewKey(before.currentKey("review-key"), "order-1");
    expect(reviewKeyOf(after.all("review-key"), "order-1", hashReviewKey(key))).toBe(key);
    expect(deriveReviewKey(after.currentKey("review-key"), "order-1")).not.toBe(key);
  });

  it("refuses a JWT_SECRET shorter than 256 bits", () => {
    expect(() => rootsFromEnv("short")).toThrow("JWT_SECRET must be at least 256 bits (32 bytes).");
  });
});

async function appOn(databaseUrl: string, jwtSecret: string | null = null) {
  const database = await openDatabase({ databaseUrl, dataDir: null });
  const built = await buildApp({
    logger: false,
    database,
    passwordHashParams: TEST_PASSWORD_HASH_PARAMS,
    mailer: { send: async () => {}, close: async () => {} },
    config: { nodeEnv: "test", dataDir: "memory://", seedDemo: true, jwtSecret, rateLimitPerIp: 10_000 },
  });
  return {
    ...built,
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}

describe("two instances on one empty PostgreSQL database", async () => {
  const url = await createEmptyPostgres();
  it.skipIf(!url)("start together, share one key and seed once", async () => {
    if (!url) return;
    const [a, b] = await Promise.all([appOn(url), appOn(url)]);
    try {
      await Promise.all([a.prepare(), b.prepare()]);
      expect(a.ctx.keys.current.kid).toBe(b.ctx.keys.current.kid);
      const login = await a.app.inject({
        method: "POST",
        url: "/api/v1/auth/login/",
        payload: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      });
      expect(login.statusCode).toBe(200);
      const me = await b.app.inject({
        method: "GET",
        url: "/api/v1/users/me/",
        headers: authHeaders(login.json().access),
      });
      expect(me.statusCode).toBe(200);
      const companies = await a.ctx.database.pool?.query("select count(*)::int as n from companies");
      expect(companies?.rows[0].n).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it.skipIf(!url)("refuses to start without JWT_SECRET when the other instances use one", async () => {
    if (!url) return;
    const a = await appOn(url, "s".repeat(48));
    const b = await appOn(url);
    try {
      await a.prepare();
      await expect(b.prepare()).rejects.toThrow(MIXED_KEYS_ERROR);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("embedded (PGlite): the key is kept in the database", () => {
  it("survives a restart on the same database", async () => {
    const db = await createTestDatabase("pglite");
    const first = await buildApp({
      logger: false,
      database: db.database,
      config: { dataDir: "memory://", seedDemo: false },
    });
    await first.prepare();
    const second = await buildApp({
      logger: false,
      database: db.database,
      config: { dataDir: "memory://", seedDemo: false },
    });
    await second.prepare();
    expect(second.ctx.keys.current).toEqual(first.ctx.keys.current);
    await first.app.close();
    await second.app.close();
    await db.dispose();
  });
});
