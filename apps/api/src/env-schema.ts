import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { fr } from "@certavis/i18n-fr/server";
import { z } from "zod";

/**
 * Every environment variable of ARCHITECTURE §2 and docs/deploy.md, parsed as given: a blank value
 * counts as unset (then `env.ts` applies the default); a wrong one is named in one start-up error,
 * in French then English, with what was given and what is expected.
 */

/** What a variable must hold, in the deployer's two languages. */
interface Expected {
  fr: string;
  en: string;
}

const says = fr.server.environment;
const EXPECTED = {
  port: { fr: says.expected.port, en: "an integer from 1 to 65535" },
  positiveInteger: { fr: says.expected.positiveInteger, en: "an integer of at least 1" },
  milliseconds: {
    fr: says.expected.milliseconds,
    en: "a whole number of milliseconds (0: the default)",
  },
  shutdownDrain: { fr: says.expected.shutdownDrain, en: "a whole number of milliseconds (0: no wait)" },
  httpOrigin: { fr: says.expected.httpOrigin, en: "an http:// or https:// address" },
  databaseUrl: { fr: says.expected.databaseUrl, en: "a postgres:// or postgresql:// address" },
  smtpUrl: { fr: says.expected.smtpUrl, en: "an smtp:// or smtps:// address" },
  redisUrl: { fr: says.expected.redisUrl, en: "a redis:// or rediss:// address" },
  zeroOrOne: { fr: says.expected.zeroOrOne, en: "0 or 1" },
  seedDemo: { fr: says.expected.seedDemo, en: "1 or 0 (true or false)" },
  logLevel: { fr: says.expected.logLevel, en: "fatal, error, warn, info, debug, trace or silent" },
  trustProxy: {
    fr: says.expected.trustProxy,
    en: "a hop count (1: one load balancer) or the proxies' comma-separated addresses/CIDRs; true would let any client choose its address",
  },
  dkimKey: { fr: says.expected.dkimKey, en: "a PEM key or the path of a readable file holding one" },
  siret: { fr: says.expected.siret, en: "a 14-digit SIRET" },
} as const satisfies Record<string, Expected>;

/** Variables whose value the error never repeats (keys, passwords in addresses are masked). */
const SECRET = new Set(["JWT_SECRET", "JWT_PREVIOUS_SECRETS", "S3_SECRET_ACCESS_KEY", "DKIM_PRIVATE_KEY"]);

function given(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** Each variable is `undefined` when unset or blank, else its parsed value; the meta holds its expectation. */
function variable<T extends z.ZodType>(expected: Expected | null, schema: T) {
  return z.preprocess(given, schema.optional()).meta({ expected });
}

const text = () => variable(null, z.string());

function integer(expected: Expected, min: number, max = Number.MAX_SAFE_INTEGER) {
  return variable(expected, z.string().regex(/^\d+$/).transform(Number).pipe(z.number().min(min).max(max)));
}

function hasScheme(value: string, schemes: readonly string[]): boolean {
  try {
    return schemes.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function address(expected: Expected, schemes: readonly string[], socketPath = false) {
  return variable(
    expected,
    z.string().refine((value) => hasScheme(value, schemes) || (socketPath && value.startsWith("/"))),
  );
}

/** An origin the server writes into links: http(s), without its trailing slashes. */
const origin = () =>
  variable(
    EXPECTED.httpOrigin,
    z
      .string()
      .refine((value) => hasScheme(value, ["http:", "https:"]))
      .transform((value) => value.replace(/\/+$/, "")),
  );

function oneOf<const T extends readonly [string, ...string[]]>(expected: Expected, values: T) {
  return variable(expected, z.string().toLowerCase().pipe(z.enum(values)));
}

/** `proxy-addr`'s names, addresses and CIDRs (what Fastify's `trustProxy` list accepts). */
function isProxyAddress(part: string): boolean {
  if (part === "loopback" || part === "linklocal" || part === "uniquelocal") return true;
  const [address = "", prefix, extra] = part.split("/");
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxy = () =>
  variable(
    EXPECTED.trustProxy,
    z.string().refine((value) => {
      if (/^(\d+|false)$/.test(value)) return true;
      return value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
        .every(isProxyAddress);
    }),
  );

/** `DKIM_PRIVATE_KEY`: the PEM itself (`\n` written as two characters is allowed) or a file holding it. */
const dkimKey = () =>
  variable(
    EXPECTED.dkimKey,
    z.string().transform((value, ctx) => {
      if (value.includes("-----BEGIN")) return value.replace(/\\n/g, "\n");
      try {
        return readFileSync(value, "utf8");
      } catch {
        ctx.addIssue({ code: "custom", message: "unreadable" });
        return z.NEVER;
      }
    }),
  );

const siret = () =>
  variable(
    EXPECTED.siret,
    z
      .string()
      .transform((value) => value.replace(/\s+/g, ""))
      .pipe(z.string().regex(/^\d{14}$/)),
  );

export const envVariables = z.object({
  NODE_ENV: text(),
  HOST: text(),
  PORT: integer(EXPECTED.port, 1, 65535),
  DATABASE_URL: address(EXPECTED.databaseUrl, ["postgres:", "postgresql:", "socket:"], true),
  DATA_DIR: text(),
  PGLITE_BASELINE_COMPILER: oneOf(EXPECTED.zeroOrOne, ["0", "1"]),
  PGLITE_THREAD: oneOf(EXPECTED.zeroOrOne, ["0", "1"]),
  SMTP_URL: address(EXPECTED.smtpUrl, ["smtp:", "smtps:"]),
  MAIL_FROM: text(),
  DKIM_DOMAIN: text(),
  DKIM_SELECTOR: text(),
  DKIM_PRIVATE_KEY: dkimKey(),
  PUBLIC_URL: origin(),
  FORM_URL: origin(),
  WIDGET_URL: origin(),
  STRIPE_SECRET_KEY: text(),
  STRIPE_WEBHOOK_SECRET: text(),
  BOUNCE_WEBHOOK_SECRET: text(),
  JWT_SECRET: text(),
  JWT_PREVIOUS_SECRETS: text(),
  SEED_DEMO: oneOf(EXPECTED.seedDemo, ["0", "1", "true", "false"]),
  RATE_LIMIT_PER_IP: integer(EXPECTED.positiveInteger, 1),
  REDIS_URL: address(EXPECTED.redisUrl, ["redis:", "rediss:"], true),
  TRUST_PROXY: trustProxy(),
  LOG_LEVEL: oneOf(EXPECTED.logLevel, ["fatal", "error", "warn", "info", "debug", "trace", "silent"]),
  SHUTDOWN_DRAIN_MS: integer(EXPECTED.shutdownDrain, 0),
  PERIODIC_TASKS_EVERY_MS: integer(EXPECTED.milliseconds, 0),
  MAIL_LEASE_MS: integer(EXPECTED.milliseconds, 0),
  ORDER_PII_RETENTION_DAYS: integer(EXPECTED.positiveInteger, 1),
  S3_BUCKET: text(),
  S3_ENDPOINT: origin(),
  S3_REGION: text(),
  S3_ACCESS_KEY_ID: text(),
  S3_SECRET_ACCESS_KEY: text(),
  S3_PUBLIC_URL: origin(),
  OUTBOUND_ALLOW_PRIVATE: oneOf(EXPECTED.zeroOrOne, ["0", "1"]),
  INVOICE_SELLER_NAME: text(),
  INVOICE_SELLER_LEGAL_FORM: text(),
  INVOICE_SELLER_SHARE_CAPITAL: text(),
  INVOICE_SELLER_ADDRESS: text(),
  INVOICE_SELLER_SIRET: siret(),
  INVOICE_SELLER_RCS_CITY: text(),
  INVOICE_SELLER_VAT_NUMBER: text(),
});

export type EnvVariables = z.output<typeof envVariables>;
type Name = keyof typeof envVariables.shape;

/** A wrong environment variable: its message is all a deployer needs (main prints it, no stack). */
export class EnvError extends Error {
  override name = "EnvError";
}

/** The error's two lines for one variable; a secret's value is not repeated, an address's password is masked. */
export function invalidVariable(name: string, value: string | undefined, expected: Expected): string {
  const shown = (value ?? "").trim().replace(/(\/\/[^:/@]*:)[^@/]*@/, "$1***@");
  const secret = SECRET.has(name);
  return [
    says.invalid(name, secret ? says.hidden : `« ${shown} »`, expected.fr),
    `Invalid environment variable ${name}: ${secret ? "(hidden)" : JSON.stringify(shown)} given, expected ${expected.en}.`,
  ].join("\n");
}

/** The issues of a failed parse as one `EnvError`, one entry per wrong variable, in the schema's order. */
export function envError(issues: readonly z.core.$ZodIssue[], env: NodeJS.ProcessEnv): EnvError {
  const wrong = new Set(issues.map((issue) => String(issue.path[0])));
  const lines = (Object.keys(envVariables.shape) as Name[])
    .filter((name) => wrong.has(name))
    .map((name) => {
      const meta = envVariables.shape[name].meta() as { expected: Expected | null } | undefined;
      return invalidVariable(name, env[name], meta?.expected ?? { fr: "", en: "" });
    });
  return new EnvError(lines.join("\n"));
}
