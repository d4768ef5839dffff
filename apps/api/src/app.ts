import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import openapiDocument from "@certavis/openapi";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { Redis } from "ioredis";
import { type AppConfig, OWASP_ARGON2ID, type PasswordHashParams } from "./config";
import type { AppContext } from "./context";
import { type Database, openDatabase } from "./db/client";
import { buildConcurrentIndexes, CONCURRENT_INDEXES } from "./db/concurrent-indexes";
import { registerEmailPreviewRoutes } from "./dev/email-preview-routes";
import { readEnv } from "./env";
import { registerApiDocs } from "./http/api-docs";
import { registerErrorHandler } from "./http/error-handler";
import { registerFormBodyParser } from "./http/form-body";
import { registerStartupGate } from "./http/health";
import { registerJsonParser } from "./http/json-body";
import { redactedLogger } from "./http/log-redaction";
import { registerMessageBodyParser } from "./http/message-body";
import { type ContractOperation, registerOpenApiRoutes } from "./http/openapi-routes";
import type { OpenApiDocument } from "./http/openapi-schemas";
import type { OperationHandlers } from "./http/operation-types";
import { postgresRateLimitStore, purgeRateLimitHits } from "./http/rate-limit-store";
import { replayingServer } from "./http/replayed-answers";
import { registerCors, registerRateLimit, registerSecurityHeaders } from "./http/security";
import { registerStaticRoutes } from "./http/static-routes";
import { randomToken } from "./lib/crypto";
import { loadKeyRing, unloadedKeyRing } from "./lib/keyring";
import { registerPeriodicTask } from "./lib/periodic-task";
import { createS3Storage } from "./lib/s3-storage";
import { createFileStorage, type FileStorage, uploadsDir } from "./lib/storage";
import { registerMailboxRoutes } from "./mail/mailbox-routes";
import type { Mailer } from "./mail/mailer";
import { createOutboxMailer, type OutboxMailer } from "./mail/outbox-mailer";
import { createSmtpMailer } from "./mail/smtp-mailer";
import { allHandlers, modulePlugins } from "./modules";
import { createStripeClient } from "./modules/billing/stripe-client";
import { upgradeSuppressionHashes } from "./modules/privacy/suppressions";
import { hasDemoAccount, seedDemoIfEmpty } from "./seed/demo";

/**
 * S3 when `S3_BUCKET` is set, else `DATA_DIR/uploads`, or in memory mode a temporary folder that
 * goes when the server closes (`temporary`).
 */
function createStorage(
  config: AppConfig,
  inMemory: boolean,
): { storage: FileStorage; temporary: string | null } {
  if (config.s3Bucket) {
    const publicUrl =
      config.s3PublicUrl ??
      (config.s3Endpoint ? `${config.s3Endpoint.replace(/\/+$/, "")}/${config.s3Bucket}` : null) ??
      `https://${config.s3Bucket}.s3.${config.s3Region}.amazonaws.com`;
    const storage = createS3Storage({
      bucket: config.s3Bucket,
      endpoint: config.s3Endpoint,
      region: config.s3Region,
      accessKeyId: config.s3AccessKeyId,
      secretAccessKey: config.s3SecretAccessKey,
      publicUrl,
    });
    return { storage, temporary: null };
  }
  const temporary = inMemory ? join(tmpdir(), `certavis-uploads-${randomToken(6)}`) : null;
  return {
    storage: createFileStorage(temporary ?? uploadsDir(config.dataDir), config.publicUrl),
    temporary,
  };
}

/**
 * TRUST_PROXY for Fastify. A hop count trusts that many addresses from the socket's side (Fastify's
 * own number option now trusts none): only for instances that nothing but the proxies can reach.
 */
function trustProxyOption(trust: AppConfig["trustProxy"]): FastifyServerOptions["trustProxy"] {
  if (typeof trust === "number") return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** The advisory lock of start-up (migrations, key creation, demo seed). */
const STARTUP_LOCK = 4_711_000;

export interface BuildAppOptions {
  /** Overrides of the environment (env.ts); e.g. `{ dataDir: "memory://", smtpUrl }` in tests. */
  config?: Partial<AppConfig>;
  /** An already opened database (tests); otherwise opened from config (DATABASE_URL or PGlite). */
  database?: Database;
  /** A mailer (tests); otherwise SMTP when SMTP_URL, else the outbox. */
  mailer?: Mailer;
  /** Test-only cheaper argon2 cost; production always uses OWASP_ARGON2ID. */
  passwordHashParams?: PasswordHashParams;
  /** The clock. */
  now?: () => Date;
  /** Tests: false leaves the periodic tasks to the test (lib/periodic-task.ts); default true. */
  periodicTasks?: boolean;
  /** Fastify logger option (default: JSON logs at LOG_LEVEL; silent in tests). */
  logger?: FastifyServerOptions["logger"];
  /** Handlers replacing or adding to the modules' ones (tests). */
  handlers?: OperationHandlers;
  /** Print mails of the outbox to the console (default true outside tests). */
  printMail?: (line: string) => void;
  /** Answers the Stripe client's HTTP calls (tests: Stripe's network is the only thing faked). */
  stripeFetch?: typeof fetch;
}

export interface CertavisApp {
  app: FastifyInstance;
  ctx: AppContext;
  operations: ContractOperation[];
  /** Migrations, then the demo seed; the API answers 503 until done. Idempotent. */
  prepare(): Promise<void>;
}

/** Builds the whole server (API, static apps, dev mailbox) without listening. Used by main and tests. */
export async function buildApp(options: BuildAppOptions = {}): Promise<CertavisApp> {
  const config: AppConfig = { ...readEnv(), ...options.config };
  if (config.nodeEnv === "production" && options.passwordHashParams) {
    throw new Error("passwordHashParams is for tests only.");
  }
  const inMemory = !config.dataDir || config.dataDir === "memory://";
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: inMemory ? null : config.dataDir,
      pgliteBaselineCompiler: config.pgliteBaselineCompiler,
      pgliteThread: config.pgliteThread,
    }));
  const production = config.nodeEnv === "production";

  const outbox: OutboxMailer | null = production
    ? null
    : createOutboxMailer(
        config.smtpUrl || options.mailer ? () => {} : (options.printMail ?? ((l) => console.log(l))),
      );
  const transport =
    options.mailer ??
    (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom, config.dkim) : null);
  const mailer: Mailer = {
    async send(message) {
      if (transport) await transport.send(message);
      if (outbox) await outbox.send(message);
    },
    async close() {
      await transport?.close();
    },
  };
  if (production && !transport) {
    throw new Error("SMTP_URL is required in production (the dev outbox is disabled).");
  }

  const uploads = createStorage(config, inMemory);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    outbox,
    storage: uploads.storage,
    keys: unloadedKeyRing,
    apiKeyCipher: {
      encrypt: (plain) => ctx.keys.apiKeyCipher.encrypt(plain),
      decrypt: (sealed) => ctx.keys.apiKeyCipher.decrypt(sealed),
    },
    passwordHashParams: options.passwordHashParams ?? OWASP_ARGON2ID,
    stripe: createStripeClient(config, options.stripeFetch),
    now: options.now ?? (() => new Date()),
    periodicTasks: options.periodicTasks ?? true,
    state: { ready: false, stopping: false, demoSeeded: false },
  };

  const app = Fastify({
    logger: redactedLogger(options.logger ?? { level: config.logLevel }),
    bodyLimit: 30 * 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: false },
    // Kept public answers are replayed before Fastify (http/replayed-answers.ts).
    serverFactory: replayingServer,
  });
  app.decorate("ctx", ctx);
  app.decorateRequest("user", null);
  app.decorateRequest("membership", null);
  app.decorateRequest("apiKeyCompanyId", null);
  app.decorateRequest("rawBody", null);
  app.decorateRequest("operationId", null);

  registerErrorHandler(app);
  registerJsonParser(app);
  registerFormBodyParser(app);
  registerMessageBodyParser(app);
  registerSecurityHeaders(app, config);
  await registerCors(app, config);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : null;
  redis?.on("error", (error) => app.log.warn({ err: error }, "redis"));
  if (production && config.invoiceSeller.placeholders) {
    app.log.warn("invoices: INVOICE_SELLER_* not all set, the PDFs carry development placeholders");
  }
  // Commands sent before the connection is up fail (no offline queue) and the limiter lets those
  // requests through uncounted: wait for it, briefly, so a starting instance does not open a gap.
  if (redis && !(await redisReady(redis, 3_000))) app.log.warn("redis: not ready after 3 s, starting anyway");
  await registerRateLimit(
    app,
    redis
      ? { kind: "redis", redis }
      : database.kind === "postgres"
        ? { kind: "postgres", store: postgresRateLimitStore(database.db) }
        : { kind: "memory" },
  );
  if (!redis && database.kind === "postgres") {
    registerPeriodicTask(app, {
      name: "rate limit purge",
      everyMs: 10 * 60_000,
      task: () => purgeRateLimitHits(database.db),
    });
  }
  await app.register(multipart, {
    limits: { fileSize: 20 * 1024 * 1024, files: 20, fields: 50, fieldSize: 1024 * 1024, parts: 80 },
  });
  registerStartupGate(app, ctx);

  const operations = registerOpenApiRoutes(app, {
    document: openapiDocument as unknown as OpenApiDocument,
    handlers: { ...allHandlers(), ...options.handlers },
    config,
  });
  for (const plugin of modulePlugins) await plugin(app);
  if (outbox) {
    registerMailboxRoutes(app, () => outbox.list(), Boolean(config.smtpUrl));
    registerEmailPreviewRoutes(app);
  }
  await registerApiDocs(app, config, openapiDocument);
  await registerStaticRoutes(app, ctx);

  app.addHook("onClose", async () => {
    await mailer.close();
    redis?.disconnect();
    if (!options.database) await database.close();
    if (uploads.temporary) await rm(uploads.temporary, { recursive: true, force: true });
  });

  let preparing: Promise<void> | null = null;
  const prepare = () => {
    // Instances started at the same moment on one empty database take turns: the first migrates,
    // creates the key and seeds; the others find it done.
    preparing ??= (async () => {
      await database.exclusive(STARTUP_LOCK, async () => {
        await database.migrate();
        ctx.keys = await loadKeyRing({
          jwtSecret: config.jwtSecret,
          jwtPreviousSecrets: config.jwtPreviousSecrets,
          database,
          dataDir: inMemory ? null : config.dataDir,
        });
        await upgradeSuppressionHashes(database.db, ctx.keys);
        const seeded = await seedDemoIfEmpty(ctx);
        if (seeded) app.log.info("demo seed created");
        ctx.state.demoSeeded = seeded || (await hasDemoAccount(ctx));
      });
      // Out of the migrations' transaction and the start-up lock: on PostgreSQL in the background (the
      // table stays writable, the instance serves meanwhile); PGlite's small databases build at once.
      const indexes = buildIndexesLogged(database, app);
      if (database.kind === "pglite") await indexes;
      ctx.state.ready = true;
    })();
    return preparing;
  };

  return { app, ctx, operations, prepare };
}

/** `CONCURRENT_INDEXES` built; what was built, or failed (retried at the next start), is logged. */
async function buildIndexesLogged(database: Database, app: FastifyInstance): Promise<void> {
  try {
    const report = await buildConcurrentIndexes(database, CONCURRENT_INDEXES);
    for (const name of report.built) app.log.info({ index: name }, "index built");
    for (const { name, error } of report.failed) {
      app.log.error({ err: error, index: name }, "index build failed, retried at the next start");
    }
  } catch (error) {
    app.log.error({ err: error }, "index builds failed, retried at the next start");
  }
}

function redisReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off("ready", onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once("ready", onReady);
  });
}
