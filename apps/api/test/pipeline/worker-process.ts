/**
 * A mail worker in its own process, for the crash and parallelism tests (bundled by `bundleWorkerProcess`).
 * Environment: DATABASE_URL or PGLITE_DIR, SMTP_URL, MAIL_FROM, REVIEW_KEY_SECRET, CLOCK (fixed ISO
 * date), CONCURRENCY, BATCH, LEASE_MS. Prints "ready" once polling; SIGTERM stops it gracefully.
 */
import { openDatabase } from "../../src/db/client";
import { createKeyRing } from "../../src/lib/keyring";
import { createSmtpMailer } from "../../src/mail/smtp-mailer";
import { createMailWorker } from "../../src/modules/pipeline";

const env = process.env;
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL || null,
  dataDir: env.PGLITE_DIR || null,
});
const mailer = createSmtpMailer(env.SMTP_URL ?? "", env.MAIL_FROM ?? "worker@certavis.test");
const keys = createKeyRing([{ kid: "worker", secret: env.REVIEW_KEY_SECRET ?? "" }]);
const clockAt = new Date(env.CLOCK ?? Date.now());
const worker = createMailWorker({
  db: database.db,
  mailer,
  formUrl: "https://avis.certavis.test",
  reviewKeySecret: env.REVIEW_KEY_SECRET ?? "",
  keys: () => keys,
  clock: { now: () => new Date(clockAt) },
  concurrency: Number(env.CONCURRENCY ?? 1),
  batchSize: Number(env.BATCH ?? 50),
  pollIntervalMs: 20,
  ...(env.LEASE_MS ? { leaseMs: Number(env.LEASE_MS) } : {}),
  log: (message, extra) => console.error(message, JSON.stringify(extra ?? {})),
});
worker.start();
console.log("ready");

process.once("SIGTERM", () => {
  void (async () => {
    await worker.stop();
    await mailer.close();
    await database.close();
    process.exit(0);
  })();
});
