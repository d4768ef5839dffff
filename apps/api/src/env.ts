import { readFileSync } from "node:fs";
import { DEFAULT_ORDER_PII_RETENTION_DAYS } from "@certavis/domain";
/**
 * The ONLY place that reads process.env (lint-enforced). Every variable of ARCHITECTURE §2 with its
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
   * `PGLITE_BASELINE_COMPILER=0`: no ~600 MB peak on the first heavy work, memory flat.
   */
  pgliteBaselineCompiler: boolean;
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

function readInvoiceSeller(env: NodeJS.ProcessEnv): InvoiceSeller {
  const given = {
    name: nonEmpty(env.INVOICE_SELLER_NAME),
    legalForm: nonEmpty(env.INVOICE_SELLER_LEGAL_FORM),
    shareCapital: nonEmpty(env.INVOICE_SELLER_SHARE_CAPITAL),
    address: nonEmpty(env.INVOICE_SELLER_ADDRESS)
      ?.split(/\||\n|\\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    siret: nonEmpty(env.INVOICE_SELLER_SIRET)?.replace(/\s+/g, ""),
    rcsCity: nonEmpty(env.INVOICE_SELLER_RCS_CITY),
    vatNumber: nonEmpty(env.INVOICE_SELLER_VAT_NUMBER)?.replace(/\s+/g, ""),
  };
  const placeholders = Object.values(given).some((value) => value === null || value === undefined);
  return {
    name: given.name ?? DEVELOPMENT_SELLER.name,
    legalForm: given.legalForm ?? DEVELOPMENT_SELLER.legalForm,
    shareCapital: given.shareCapital ?? DEVELOPMENT_SELLER.shareCapital,
    address: given.address?.length ? given.address : [...DEVELOPMENT_SELLER.address],
    siret: given.siret ?? DEVELOPMENT_SELLER.siret,
    rcsCity: given.rcsCity ?? DEVELOPMENT_SELLER.rcsCity,
    vatNumber: given.vatNumber ?? DEVELOPMENT_SELLER.vatNumber,
    placeholders: placeholders || !given.address?.length,
  };
}

function nonEmpty(value: string | undefined): string | null {
  return value !== undefined && value.trim() !== "" ? value.trim() : null;
}

function int(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? "", 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

function origin(value: string): string {
  return value.replace(/\/+$/, "");
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

function readDkim(env: NodeJS.ProcessEnv): DkimConfig | null {
  const domain = nonEmpty(env.DKIM_DOMAIN);
  const selector = nonEmpty(env.DKIM_SELECTOR);
  const key = nonEmpty(env.DKIM_PRIVATE_KEY);
  if (!domain || !selector || !key) return null;
  const privateKey = key.includes("-----BEGIN") ? key.replace(/\\n/g, "\n") : readFileSync(key, "utf8");
  return { domain, selector, privateKey };
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const port = int(env.PORT, 3000);
  const publicUrl = origin(nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`);
  const seed = nonEmpty(env.SEED_DEMO);
  return {
    nodeEnv: nonEmpty(env.NODE_ENV) ?? "development",
    host: nonEmpty(env.HOST) ?? "0.0.0.0",
    port,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir: nonEmpty(env.DATA_DIR) ?? "./.data",
    pgliteBaselineCompiler: nonEmpty(env.PGLITE_BASELINE_COMPILER) !== "0",
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? "Certavis <no-reply@certavis.local>",
    dkim: readDkim(env),
    publicUrl,
    formUrl: origin(nonEmpty(env.FORM_URL) ?? publicUrl),
    widgetUrl: origin(nonEmpty(env.WIDGET_URL) ?? publicUrl),
    stripeSecretKey: nonEmpty(env.STRIPE_SECRET_KEY),
    stripeWebhookSecret: nonEmpty(env.STRIPE_WEBHOOK_SECRET),
    bounceWebhookSecret: nonEmpty(env.BOUNCE_WEBHOOK_SECRET),
    jwtSecret: nonEmpty(env.JWT_SECRET),
    jwtPreviousSecrets: (nonEmpty(env.JWT_PREVIOUS_SECRETS) ?? "")
      .split(",")
      .map((value) => value.trim())
      .filter(Boolean),
    seedDemo: seed === null ? null : seed !== "0" && seed.toLowerCase() !== "false",
    rateLimitPerIp: int(env.RATE_LIMIT_PER_IP, 30),
    redisUrl: nonEmpty(env.REDIS_URL),
    trustProxy: parseTrustProxy(nonEmpty(env.TRUST_PROXY)),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? "info",
    shutdownDrainMs: nonEmpty(env.SHUTDOWN_DRAIN_MS) === "0" ? 0 : int(env.SHUTDOWN_DRAIN_MS, 5000),
    periodicTasksEveryMs: int(env.PERIODIC_TASKS_EVERY_MS, 0) || null,
    mailLeaseMs: int(env.MAIL_LEASE_MS, 0) || null,
    orderPiiRetentionDays: int(env.ORDER_PII_RETENTION_DAYS, DEFAULT_ORDER_PII_RETENTION_DAYS),
    s3Bucket: nonEmpty(env.S3_BUCKET),
    s3Endpoint: nonEmpty(env.S3_ENDPOINT),
    s3Region: nonEmpty(env.S3_REGION) ?? "us-east-1",
    s3AccessKeyId: nonEmpty(env.S3_ACCESS_KEY_ID),
    s3SecretAccessKey: nonEmpty(env.S3_SECRET_ACCESS_KEY),
    s3PublicUrl: nonEmpty(env.S3_PUBLIC_URL),
    outboundAllowPrivate: nonEmpty(env.OUTBOUND_ALLOW_PRIVATE) === "1",
    invoiceSeller: readInvoiceSeller(env),
  };
}
