import { DEFAULT_ORDER_PII_RETENTION_DAYS } from "@certavis/domain";
import { EnvError, type EnvVariables, envError, envVariables } from "./env-schema";

export { EnvError };
/**
 * The ONLY place that reads process.env (lint-enforced). Every variable of ARCHITECTURE §2, parsed by
 * one schema (env-schema.ts: a wrong value stops the start with an `EnvError` naming it), with its
 * embedded default; `buildApp(options)` lets tests override any of them.
 */
export interface EnvConfig {
  nodeEnv: string;
  host: string;
  port: number;
  /** PostgreSQL over `pg` when set; PGlite in `dataDir` otherwise. */
  databaseUrl: string | null;
  dataDir: string;
  /**
   * PGlite stays on V8's baseline compiler (db/pglite-baseline-compiler.ts) unless
   * `PGLITE_BASELINE_COMPILER=0`: memory flat, no peak on the first heavy work.
   */
  pgliteBaselineCompiler: boolean;
  /**
   * PGlite runs on a worker thread of its own (db/pglite-thread.ts) unless `PGLITE_THREAD=0` (on the
   * server's thread, as before: every statement then holds every request).
   */
  pgliteThread: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** DKIM signing of every e-mail (`DKIM_DOMAIN`, `DKIM_SELECTOR`, `DKIM_PRIVATE_KEY`: PEM or a path to it). */
  dkim: DkimConfig | null;
  publicUrl: string;
  formUrl: string;
  widgetUrl: string;
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  /** The `token` the mail provider posts delivery-status notifications with (`POST /mail/bounces/`). */
  bounceWebhookSecret: string | null;
  /**
   * Given secret (≥ 256 bits) shared by every instance; when absent one is generated once and kept
   * in the database (table `server_keys`), which every instance on that database shares.
   */
  jwtSecret: string | null;
  /** Former JWT_SECRET values (comma-separated), still accepted after a rotation (review links: 90 days). */
  jwtPreviousSecrets: string[];
  /** `null` = default (seed when embedded and empty); `false` never; `true` always when empty. */
  seedDemo: boolean | null;
  rateLimitPerIp: number;
  /** Redis for the shared per-IP counts (`REDIS_URL`); PostgreSQL's table otherwise, memory on PGlite. */
  redisUrl: string | null;
  /**
   * `TRUST_PROXY`: the proxies whose `X-Forwarded-For` is believed, as a hop count (`1`: one load
   * balancer in front) or a comma-separated list of addresses/CIDRs; default: none, the client's
   * address is the socket's (a client cannot choose its own address).
   */
  trustProxy: false | number | string[];
  logLevel: string;
  /**
   * `SHUTDOWN_DRAIN_MS`: on SIGTERM, how long the instance keeps serving while `GET /health/`
   * answers 503 (the load balancer's health-check interval) before it stops taking requests.
   */
  shutdownDrainMs: number;
  /**
   * `PERIODIC_TASKS_EVERY_MS`: one period for every periodic task instead of each one's own (minutes
   * to an hour); for tests and demos that must see them run, never needed in production.
   */
  periodicTasksEveryMs: number | null;
  /**
   * `MAIL_LEASE_MS`: the mail queue's lease instead of its 30 s (mail-rules.ts `LEASE_MS`): how soon a
   * dead instance's e-mails are sent by another; for tests that kill an instance, never needed in production.
   */
  mailLeaseMs: number | null;
  /**
   * `ORDER_PII_RETENTION_DAYS` (default 365): how long after the order date the buyer's names and
   * address stay on an order that produced no review; then the daily retention task blanks them.
   */
  orderPiiRetentionDays: number;
  /** S3-compatible storage when `S3_BUCKET` is set (lib/s3-storage.ts); `dataDir/uploads` otherwise. */
  s3Bucket: string | null;
  /** `S3_ENDPOINT`: a non-AWS server (MinIO, ...), addressed path-style. */
  s3Endpoint: string | null;
  s3Region: string;
  s3AccessKeyId: string | null;
  s3SecretAccessKey: string | null;
  /** `S3_PUBLIC_URL`: where browsers read the files; default `<S3_ENDPOINT>/<S3_BUCKET>`. */
  s3PublicUrl: string | null;
  /**
   * `OUTBOUND_ALLOW_PRIVATE=1` (development and tests only): requests to addresses companies give
   * (webhooks, shop pulls) may use `http` and reach loopback and private ranges; link-local and cloud
   * metadata addresses stay refused (lib/outbound).
   */
  outboundAllowPrivate: boolean;
  /** Certavis as the seller on its invoices (`INVOICE_SELLER_*`); development placeholders when unset. */
  invoiceSeller: InvoiceSeller;
}

/**
 * The legal details a French invoice gives of its seller (Code de commerce L441-9, CGI 242 nonies A):
 * name and legal form, share capital, registered address, SIREN/SIRET, RCS, intra-EU VAT number.
 */
export interface InvoiceSeller {
  name: string;
  /** `SAS`, `SARL`, ... */
  legalForm: string;
  /** As printed: `10 000 €`. */
  shareCapital: string;
  /** Lines of the registered address (`INVOICE_SELLER_ADDRESS`, lines separated by `|` or a new line). */
  address: string[];
  /** 14 digits; its first 9 are the SIREN. */
  siret: string;
  /** The registry's city: `Paris` for `RCS Paris`. */
  rcsCity: string;
  vatNumber: string;
  /** True when any detail is one of the development placeholders below (never issue real invoices so). */
  placeholders: boolean;
}

/**
 * DEVELOPMENT PLACEHOLDERS, not Certavis's real details: a production instance sets every
 * `INVOICE_SELLER_*` variable (docs/deploy.md); the start-up log warns while one is missing.
 */
const DEVELOPMENT_SELLER = {
  name: "Certavis",
  legalForm: "SAS",
  shareCapital: "1 000 €",
  address: ["DEVELOPMENT ADDRESS", "00000 DEVELOPMENT"],
  siret: "00000000000000",
  rcsCity: "DEVELOPMENT",
  vatNumber: "FR00000000000",
} as const;

function invoiceSeller(v: EnvVariables): InvoiceSeller {
  const address = v.INVOICE_SELLER_ADDRESS?.split(/\||\n|\\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const given = {
    name: v.INVOICE_SELLER_NAME,
    legalForm: v.INVOICE_SELLER_LEGAL_FORM,
    shareCapital: v.INVOICE_SELLER_SHARE_CAPITAL,
    siret: v.INVOICE_SELLER_SIRET,
    rcsCity: v.INVOICE_SELLER_RCS_CITY,
    vatNumber: v.INVOICE_SELLER_VAT_NUMBER?.replace(/\s+/g, ""),
  };
  const placeholders = Object.values(given).some((value) => value === undefined) || !address?.length;
  return {
    name: given.name ?? DEVELOPMENT_SELLER.name,
    legalForm: given.legalForm ?? DEVELOPMENT_SELLER.legalForm,
    shareCapital: given.shareCapital ?? DEVELOPMENT_SELLER.shareCapital,
    address: address?.length ? address : [...DEVELOPMENT_SELLER.address],
    siret: given.siret ?? DEVELOPMENT_SELLER.siret,
    rcsCity: given.rcsCity ?? DEVELOPMENT_SELLER.rcsCity,
    vatNumber: given.vatNumber ?? DEVELOPMENT_SELLER.vatNumber,
    placeholders,
  };
}

/** `TRUST_PROXY`: none (default, `false`, `0`), a hop count, or addresses/CIDRs. `true` is refused. */
export function parseTrustProxy(value: string | null): false | number | string[] {
  if (value === null || value === "false" || value === "0") return false;
  if (/^\d+$/.test(value)) return Number.parseInt(value, 10);
  if (value === "true") {
    throw new Error(
      "TRUST_PROXY=true would let any client choose its address: give a hop count or the proxies' CIDRs.",
    );
  }
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

export interface DkimConfig {
  domain: string;
  selector: string;
  privateKey: string;
}

function csv(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The variables with their defaults: what the server runs with. */
function toConfig(v: EnvVariables): EnvConfig {
  const port = v.PORT ?? 3000;
  const publicUrl = v.PUBLIC_URL ?? `http://localhost:${port}`;
  const dkim =
    v.DKIM_DOMAIN && v.DKIM_SELECTOR && v.DKIM_PRIVATE_KEY
      ? { domain: v.DKIM_DOMAIN, selector: v.DKIM_SELECTOR, privateKey: v.DKIM_PRIVATE_KEY }
      : null;
  return {
    nodeEnv: v.NODE_ENV ?? "development",
    host: v.HOST ?? "0.0.0.0",
    port,
    databaseUrl: v.DATABASE_URL ?? null,
    dataDir: v.DATA_DIR ?? "./.data",
    pgliteBaselineCompiler: v.PGLITE_BASELINE_COMPILER !== "0",
    pgliteThread: v.PGLITE_THREAD !== "0",
    smtpUrl: v.SMTP_URL ?? null,
    mailFrom: v.MAIL_FROM ?? "Certavis <no-reply@certavis.local>",
    dkim,
    publicUrl,
    formUrl: v.FORM_URL ?? publicUrl,
    widgetUrl: v.WIDGET_URL ?? publicUrl,
    stripeSecretKey: v.STRIPE_SECRET_KEY ?? null,
    stripeWebhookSecret: v.STRIPE_WEBHOOK_SECRET ?? null,
    bounceWebhookSecret: v.BOUNCE_WEBHOOK_SECRET ?? null,
    jwtSecret: v.JWT_SECRET ?? null,
    jwtPreviousSecrets: csv(v.JWT_PREVIOUS_SECRETS),
    seedDemo: v.SEED_DEMO === undefined ? null : v.SEED_DEMO === "1" || v.SEED_DEMO === "true",
    rateLimitPerIp: v.RATE_LIMIT_PER_IP ?? 30,
    redisUrl: v.REDIS_URL ?? null,
    trustProxy: parseTrustProxy(v.TRUST_PROXY ?? null),
    logLevel: v.LOG_LEVEL ?? "info",
    shutdownDrainMs: v.SHUTDOWN_DRAIN_MS ?? 5000,
    periodicTasksEveryMs: v.PERIODIC_TASKS_EVERY_MS || null,
    mailLeaseMs: v.MAIL_LEASE_MS || null,
    orderPiiRetentionDays: v.ORDER_PII_RETENTION_DAYS ?? DEFAULT_ORDER_PII_RETENTION_DAYS,
    s3Bucket: v.S3_BUCKET ?? null,
    s3Endpoint: v.S3_ENDPOINT ?? null,
    s3Region: v.S3_REGION ?? "us-east-1",
    s3AccessKeyId: v.S3_ACCESS_KEY_ID ?? null,
    s3SecretAccessKey: v.S3_SECRET_ACCESS_KEY ?? null,
    s3PublicUrl: v.S3_PUBLIC_URL ?? null,
    outboundAllowPrivate: v.OUTBOUND_ALLOW_PRIVATE === "1",
    invoiceSeller: invoiceSeller(v),
  };
}

/** The configuration from `env`; throws an `EnvError` naming every wrong variable. */
export function readEnv(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const parsed = envVariables.safeParse(env);
  if (!parsed.success) throw envError(parsed.error.issues, env);
  return toConfig(parsed.data);
}
