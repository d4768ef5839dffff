import type { FastifyInstance } from "fastify";
import { registerPeriodicTask } from "../../lib/periodic-task";
import { createWebhookWorker, type WebhookWorker } from "./delivery-worker";
import { purgeWebhookMessages } from "./purge-messages";
import { webhookSecretCipher } from "./webhook-secret";

declare module "fastify" {
  interface FastifyInstance {
    /** The outgoing webhooks' worker (started once the database is migrated). */
    webhooks: WebhookWorker;
  }
}

/**
 * Runs the webhook delivery worker inside the server, like the mail worker (`pipeline/plugin.ts`), and
 * deletes sent events after 30 days.
 */
export async function registerWebhookWorker(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const worker = createWebhookWorker({
    db: ctx.db,
    storage: ctx.storage,
    secretCipher: webhookSecretCipher(() => ctx.keys),
    outbound: { allowPrivate: ctx.config.outboundAllowPrivate },
    settingsUrl: `${ctx.config.publicUrl}/settings/integrations`,
    clock: { now: ctx.now },
    pollIntervalMs: 1000,
    isReady: () => ctx.state.ready,
    log: (message, extra) => app.log.warn(extra ?? {}, message),
  });
  app.decorate("webhooks", worker);
  app.addHook("onReady", async () => {
    worker.start();
  });
  app.addHook("preClose", async () => {
    await worker.stop();
  });
  registerPeriodicTask(app, {
    name: "webhook message purge",
    everyMs: 6 * 60 * 60_000,
    task: () => purgeWebhookMessages(ctx.db, ctx.now()),
  });
}
