import { randomInt } from "node:crypto";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import type { AppConfig } from "../../src/config";
import { openDatabase } from "../../src/db/client";
import {
  createTestDatabase,
  DEFAULT_TEST_DATABASE,
  TEST_PASSWORD_HASH_PARAMS,
  type TestDatabaseKind,
} from "../helpers";
import { api } from "../identity/support";
import { createEmptyPostgres } from "./empty-postgres";

const REDIS_URL = "redis://127.0.0.1:6379";

function reachable(port: number): Promise<boolean> {
  const socket = new Socket();
  return new Promise<boolean>((resolve) => {
    socket.setTimeout(500);
    socket.once("connect", () => resolve(true));
    socket.once("timeout", () => resolve(false));
    socket.once("error", () => resolve(false));
    socket.connect(port, "127.0.0.1");
  }).finally(() => socket.destroy());
}

async function instance(
  databaseUrl: string | null,
  config: Partial<AppConfig>,
  ownKind: TestDatabaseKind = "pglite",
) {
  const own = databaseUrl ? null : await createTestDatabase(ownKind);
  const database = own?.database ?? (await openDatabase({ databaseUrl, dataDir: null }));
  const built = await buildApp({
    logger: false,
    database,
    passwordHashParams: TEST_PASSWORD_HASH_PARAMS,
    mailer: { send: async () => {}, close: async () => {} },
    config: { nodeEnv: "test", dataDir: "memory://", seedDemo: false, rateLimitPerIp: 5, ...config },
  });
  return {
    ...built,
    async close() {
      await built.app.close();
      if (own) await own.dispose();
      else await database.close();
    },
  };
}

/** 8 failed sign-ins from one client address, alternating between the instances. */
async function alternate(instances: Array<Awaited<ReturnType<typeof instance>>>): Promise<number[]> {
  const remoteAddress = `198.18.${randomInt(0, 255)}.${randomInt(1, 255)}`;
  const codes: number[] = [];
  for (let i = 0; i < 8; i++) {
    const target = instances[i % instances.length];
    const res = await target?.app.inject({
      method: "POST",
      url: api("/auth/login/"),
      payload: { email: `essai-${i}-${remoteAddress}@exemple.fr`, password: "faux" },
      remoteAddress,
    });
    codes.push(res?.statusCode ?? 0);
  }
  return codes;
}

const EXPECTED = [400, 400, 400, 400, 400, 429, 429, 429];

describe("the per-IP limit holds across instances", () => {
  it("PostgreSQL store (no REDIS_URL): two instances on one database count together", async (context) => {
    const url = await createEmptyPostgres();
    if (!url) return context.skip("TEST_DATABASE_URL is not set: PostgreSQL runs skipped");
    const a = await instance(url, {});
    const b = await instance(url, {});
    try {
      await Promise.all([a.prepare(), b.prepare()]);
      expect(await alternate([a, b])).toEqual(EXPECTED);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("Redis store (REDIS_URL): two instances count together", async (context) => {
    if (!(await reachable(6379))) return context.skip("Redis is not reachable at 127.0.0.1:6379: skipped");
    // Redis counts whatever the database: each instance gets the cheapest one to make.
    const a = await instance(null, { redisUrl: REDIS_URL }, DEFAULT_TEST_DATABASE);
    const b = await instance(null, { redisUrl: REDIS_URL }, DEFAULT_TEST_DATABASE);
    try {
      await Promise.all([a.prepare(), b.prepare()]);
      expect(await alternate([a, b])).toEqual(EXPECTED);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("memory store (embedded PGlite): one instance counts alone", async () => {
    const a = await instance(null, {});
    try {
      await a.prepare();
      expect(await alternate([a])).toEqual(EXPECTED);
    } finally {
      await a.close();
    }
  });
});
