import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "../../src/env";
import { API_PACKAGE_DIR } from "../../src/paths";

/** The message of the `EnvError` that `env` makes `readEnv` throw. */
function errorOf(env: NodeJS.ProcessEnv): string {
  try {
    readEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("readEnv accepted it");
}

describe("the environment's defaults", () => {
  it("runs with no variable at all on the embedded defaults of ARCHITECTURE §2", () => {
    const { invoiceSeller, ...config } = readEnv({});
    expect(config).toEqual({
      nodeEnv: "development",
      host: "0.0.0.0",
      port: 3000,
      databaseUrl: null,
      dataDir: "./.data",
      pgliteBaselineCompiler: true,
      pgliteThread: true,
      smtpUrl: null,
      mailFrom: "Certavis <no-reply@certavis.local>",
      dkim: null,
      publicUrl: "http://localhost:3000",
      formUrl: "http://localhost:3000",
      widgetUrl: "http://localhost:3000",
      stripeSecretKey: null,
      stripeWebhookSecret: null,
      bounceWebhookSecret: null,
      jwtSecret: null,
      jwtPreviousSecrets: [],
      seedDemo: null,
      rateLimitPerIp: 30,
      redisUrl: null,
      trustProxy: false,
      logLevel: "info",
      shutdownDrainMs: 5000,
      periodicTasksEveryMs: null,
      mailLeaseMs: null,
      orderPiiRetentionDays: 365,
      s3Bucket: null,
      s3Endpoint: null,
      s3Region: "us-east-1",
      s3AccessKeyId: null,
      s3SecretAccessKey: null,
      s3PublicUrl: null,
      outboundAllowPrivate: false,
    });
    expect(invoiceSeller.placeholders).toBe(true);
  });

  it("reads a blank value as unset", () => {
    expect(readEnv({ PORT: " ", PUBLIC_URL: "", LOG_LEVEL: "  " })).toMatchObject({
      port: 3000,
      publicUrl: "http://localhost:3000",
      logLevel: "info",
    });
  });

  it("reads the values a deployment gives (compose.yaml, docs/deploy.md)", () => {
    const config = readEnv({
      NODE_ENV: "production",
      PORT: "8080",
      PUBLIC_URL: "https://avis.example.fr/",
      DATABASE_URL: "postgres://certavis:secret@db:5432/certavis",
      SMTP_URL: "smtps://user:pass@smtp.example.fr:465",
      REDIS_URL: "redis://cache:6379",
      SEED_DEMO: "true",
      TRUST_PROXY: "10.0.0.0/8, 192.168.1.10",
      SHUTDOWN_DRAIN_MS: "0",
      PERIODIC_TASKS_EVERY_MS: "0",
      S3_ENDPOINT: "http://minio:9000",
      LOG_LEVEL: "warn",
      OUTBOUND_ALLOW_PRIVATE: "1",
      JWT_PREVIOUS_SECRETS: "old-one, older-one",
    });
    expect(config).toMatchObject({
      nodeEnv: "production",
      port: 8080,
      publicUrl: "https://avis.example.fr",
      formUrl: "https://avis.example.fr",
      databaseUrl: "postgres://certavis:secret@db:5432/certavis",
      smtpUrl: "smtps://user:pass@smtp.example.fr:465",
      redisUrl: "redis://cache:6379",
      seedDemo: true,
      trustProxy: ["10.0.0.0/8", "192.168.1.10"],
      shutdownDrainMs: 0,
      periodicTasksEveryMs: null,
      s3Endpoint: "http://minio:9000",
      logLevel: "warn",
      outboundAllowPrivate: true,
      jwtPreviousSecrets: ["old-one", "older-one"],
    });
    expect(readEnv({ SEED_DEMO: "0" }).seedDemo).toBe(false);
    expect(readEnv({ SEED_DEMO: "FALSE" }).seedDemo).toBe(false);
    expect(readEnv({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
  });

  it("reads DKIM's key as a PEM or from the file it names", () => {
    const pem = "-----BEGIN PRIVATE KEY-----\\nMIIB\\n-----END PRIVATE KEY-----";
    const dkim = { DKIM_DOMAIN: "mail.example.fr", DKIM_SELECTOR: "cv2026" };
    expect(readEnv({ ...dkim, DKIM_PRIVATE_KEY: pem }).dkim?.privateKey).toBe(
      "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----",
    );
    const dir = mkdtempSync(join(tmpdir(), "certavis-dkim-"));
    const file = join(dir, "dkim.pem");
    writeFileSync(file, "-----BEGIN PRIVATE KEY-----\nFROMFILE\n-----END PRIVATE KEY-----\n");
    try {
      expect(readEnv({ ...dkim, DKIM_PRIVATE_KEY: file }).dkim?.privateKey).toContain("FROMFILE");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a wrong variable stops the start with one message naming it", () => {
  it("names the variable, what was given and what is expected, in French then English", () => {
    expect(errorOf({ PORT: "abc" })).toBe(
      [
        "Variable d'environnement PORT invalide : « abc » donné, attendu : un entier de 1 à 65535.",
        'Invalid environment variable PORT: "abc" given, expected an integer from 1 to 65535.',
      ].join("\n"),
    );
  });

  it("refuses a number that is not a whole number in range", () => {
    expect(errorOf({ PORT: "70000" })).toContain("PORT invalide : « 70000 » donné");
    expect(errorOf({ PORT: "0" })).toContain("PORT invalide : « 0 » donné");
    expect(errorOf({ RATE_LIMIT_PER_IP: "-5" })).toContain(
      "RATE_LIMIT_PER_IP invalide : « -5 » donné, attendu : un entier supérieur ou égal à 1.",
    );
    expect(errorOf({ ORDER_PII_RETENTION_DAYS: "0" })).toContain("ORDER_PII_RETENTION_DAYS invalide");
    expect(errorOf({ SHUTDOWN_DRAIN_MS: "5s" })).toContain(
      'SHUTDOWN_DRAIN_MS: "5s" given, expected a whole number of milliseconds (0: no wait).',
    );
    expect(errorOf({ MAIL_LEASE_MS: "1.5" })).toContain("MAIL_LEASE_MS invalide");
    expect(errorOf({ PERIODIC_TASKS_EVERY_MS: "soon" })).toContain("PERIODIC_TASKS_EVERY_MS invalide");
  });

  it("refuses an address without its scheme, and masks its password", () => {
    expect(errorOf({ PUBLIC_URL: "avis.example.fr" })).toContain(
      "PUBLIC_URL invalide : « avis.example.fr » donné, attendu : une adresse http:// ou https://.",
    );
    expect(errorOf({ S3_PUBLIC_URL: "cdn.example.fr/files" })).toContain("S3_PUBLIC_URL invalide");
    expect(errorOf({ DATABASE_URL: "mysql://root:hunter2@db/certavis" })).toBe(
      [
        "Variable d'environnement DATABASE_URL invalide : « mysql://root:***@db/certavis » donné, attendu : une adresse postgres:// ou postgresql://.",
        'Invalid environment variable DATABASE_URL: "mysql://root:***@db/certavis" given, expected a postgres:// or postgresql:// address.',
      ].join("\n"),
    );
    expect(errorOf({ SMTP_URL: "smtp.example.fr:587" })).toContain("SMTP_URL invalide");
    expect(errorOf({ REDIS_URL: "localhost:6379" })).toContain("REDIS_URL invalide");
  });

  it("refuses a switch or a level it does not know", () => {
    expect(errorOf({ OUTBOUND_ALLOW_PRIVATE: "true" })).toContain(
      "OUTBOUND_ALLOW_PRIVATE invalide : « true » donné, attendu : 0 ou 1.",
    );
    expect(errorOf({ PGLITE_BASELINE_COMPILER: "no" })).toContain("PGLITE_BASELINE_COMPILER invalide");
    expect(errorOf({ SEED_DEMO: "yes" })).toContain("attendu : 1 ou 0 (true ou false).");
    expect(errorOf({ LOG_LEVEL: "verbose" })).toContain(
      'LOG_LEVEL: "verbose" given, expected fatal, error, warn, info, debug, trace or silent.',
    );
  });

  it("refuses TRUST_PROXY=true and a proxy that is not an address", () => {
    expect(errorOf({ TRUST_PROXY: "true" })).toContain("true would let any client choose its address");
    expect(errorOf({ TRUST_PROXY: "10.0.0.0/40" })).toContain("TRUST_PROXY invalide : « 10.0.0.0/40 »");
    expect(errorOf({ TRUST_PROXY: "lb.internal" })).toContain("TRUST_PROXY invalide");
  });

  it("refuses a DKIM key file it cannot read, without repeating the key's variable", () => {
    expect(errorOf({ DKIM_PRIVATE_KEY: "/nonexistent/dkim.pem" })).toBe(
      [
        "Variable d'environnement DKIM_PRIVATE_KEY invalide : (valeur masquée) donné, attendu : une clé PEM ou le chemin d'un fichier lisible qui la contient.",
        "Invalid environment variable DKIM_PRIVATE_KEY: (hidden) given, expected a PEM key or the path of a readable file holding one.",
      ].join("\n"),
    );
  });

  it("refuses a SIRET that is not 14 digits", () => {
    expect(errorOf({ INVOICE_SELLER_SIRET: "123 456 789" })).toContain(
      "INVOICE_SELLER_SIRET invalide : « 123 456 789 » donné, attendu : un SIRET de 14 chiffres.",
    );
  });

  it("names every wrong variable at once", () => {
    const message = errorOf({ PORT: "x", LOG_LEVEL: "loud", RATE_LIMIT_PER_IP: "30" });
    expect(message.split("\n").map((line) => line.split(" invalide")[0])).toEqual([
      "Variable d'environnement PORT",
      'Invalid environment variable PORT: "x" given, expected an integer from 1 to 65535.',
      "Variable d'environnement LOG_LEVEL",
      'Invalid environment variable LOG_LEVEL: "loud" given, expected fatal, error, warn, info, debug, trace or silent.',
    ]);
  });

  it("makes the server exit with that message alone, no stack trace", () => {
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "--import", "./css-text-hooks.mjs", "src/main.ts"],
      {
        cwd: API_PACKAGE_DIR,
        env: { PATH: process.env.PATH, PORT: "abc", DATA_DIR: "memory://" },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      [
        "Variable d'environnement PORT invalide : « abc » donné, attendu : un entier de 1 à 65535.",
        'Invalid environment variable PORT: "abc" given, expected an integer from 1 to 65535.',
        "",
      ].join("\n"),
    );
  }, 60_000);
});
