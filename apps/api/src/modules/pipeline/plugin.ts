import type { FastifyInstance } from "fastify";
import { publicImageUrl } from "../../lib/image-url";
import { registerPeriodicTask } from "../../lib/periodic-task";
import { createMailWorker, type MailWorker } from "./mail-worker";
import { purgeStoredMails } from "./purge-stored-mails";

declare module "fastify" {
  interface FastifyInstance {
    /** The e-mail queue worker (started once the database is migrated). */
    pipeline: MailWorker;
  }
}

/**
 * Runs the mail worker inside the server: it starts when the app is ready, waits for the migrations
 * (`ctx.state.ready`) before claiming jobs, and stops (letting an in-flight send finish) on close.
 * PGlite is one session: one loop; PostgreSQL: a few loops, which SKIP LOCKED keeps apart. Sent
 * account and test e-mails (their links and codes) are deleted after a week.
 */
export async function registerPipelineWorkers(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const worker = createMailWorker({
    db: ctx.db,
    mailer: ctx.mailer,
    formUrl: ctx.config.formUrl,
    widgetUrl: ctx.config.widgetUrl,
    publicUrl: ctx.config.publicUrl,
    reviewKeySecret: () => ctx.keys.all("review-key"),
    keys: () => ctx.keys,
    imageUrl: (path) => publicImageUrl(ctx.storage, path),
    clock: { now: ctx.now },
    concurrency: ctx.database.kind === "postgres" ? 4 : 1,
    pollIntervalMs: 1000,
    ...(ctx.config.mailLeaseMs ? { leaseMs: ctx.config.mailLeaseMs } : {}),
    isReady: () => ctx.state.ready,
    log: (message, extra) => app.log.warn(extra ?? {}, message),
    alert: (message, extra) => app.log.error(extra ?? {}, message),
  });
  app.decorate("pipeline", worker);
  app.addHook("onReady", async () => {
    worker.start();
  });
  app.addHook("preClose", async () => {
    await worker.stop();
  });
  registerPeriodicTask(app, {
    name: "stored mail purge",
    everyMs: 60 * 60_000,
    task: () => purgeStoredMails(ctx.db, ctx.now()),
  });
}
