import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { type BuildAppOptions, buildApp } from "../../src/app";
import type { AppConfig, PasswordHashParams } from "../../src/config";
import type { AppContext } from "../../src/context";
import { createTestDatabase, DEFAULT_TEST_DATABASE, type TestDatabaseKind } from "./databases";
import { startTestSmtp, type TestSmtp } from "./smtp";

/** Cheap argon2id for tests only (buildApp refuses it in production). */
export const TEST_PASSWORD_HASH_PARAMS: PasswordHashParams = {
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
};

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The real SMTP server receiving this app's mails. */
  smtp: TestSmtp;
  kind: TestDatabaseKind;
  /** `app.inject` with JSON by default: `t.inject({ method: "POST", url, payload, headers })`. */
  inject: FastifyInstance["inject"];
  /** The public origin used in mail links (`http://certavis.test`). */
  publicUrl: string;
  close(): Promise<void>;
}

export interface CreateTestAppOptions extends Omit<BuildAppOptions, "config" | "database"> {
  kind?: TestDatabaseKind;
  config?: Partial<AppConfig>;
}

/**
 * The whole server on a fresh database (in-memory PGlite, or a fresh PostgreSQL database when
 * `kind: "postgres"`; by default `DEFAULT_TEST_DATABASE`), mails going to a real SMTP server started for
 * it; migrated, not seeded.
 */
export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const kind = options.kind ?? DEFAULT_TEST_DATABASE;
  const smtp = await startTestSmtp();
  const testDb = await createTestDatabase(kind);
  const publicUrl = "http://certavis.test";
  const { config, kind: _kind, ...rest } = options;
  const built = await buildApp({
    // Errors only (a 500's cause, a worker's alert): a flaky 500 in a run says why; TEST_LOG=info for more.
    logger: { level: process.env.TEST_LOG ?? "error" },
    passwordHashParams: TEST_PASSWORD_HASH_PARAMS,
    // Tests run the tasks at the times they choose; periodic-task.test.ts turns them on.
    periodicTasks: false,
    ...rest,
    database: testDb.database,
    config: {
      nodeEnv: "test",
      dataDir: "memory://",
      databaseUrl: null,
      smtpUrl: smtp.url,
      publicUrl,
      formUrl: publicUrl,
      widgetUrl: publicUrl,
      seedDemo: false,
      jwtSecret: null,
      stripeSecretKey: null,
      stripeWebhookSecret: null,
      rateLimitPerIp: 10_000,
      ...config,
    },
  });
  await built.prepare();
  await built.app.ready();
  return {
    app: built.app,
    ctx: built.ctx,
    smtp,
    kind,
    inject: built.app.inject.bind(built.app) as FastifyInstance["inject"],
    publicUrl,
    async close() {
      await built.app.close();
      await testDb.dispose();
      await smtp.close();
    },
  };
}

/**
 * `const t = useTestApp("pglite")` inside a describe: the app is created in beforeAll and closed in
 * afterAll; read `t.current` in tests.
 */
export function useTestApp(
  kind: TestDatabaseKind = DEFAULT_TEST_DATABASE,
  options: CreateTestAppOptions = {},
) {
  const holder: { current: TestApp } = { current: undefined as unknown as TestApp };
  beforeAll(async () => {
    holder.current = await createTestApp({ ...options, kind });
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}

export function authHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export type { InjectOptions };
