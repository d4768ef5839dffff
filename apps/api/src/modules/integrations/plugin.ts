import type { FastifyInstance } from "fastify";
import { registerPeriodicTask } from "../../lib/periodic-task";
import { createIntegrationEventQueue } from "./event-queue";
import { type PullDeps, pullAllConnections, pullConnection } from "./pull";

const PULL_EVERY_MS = 15 * 60_000;

declare module "fastify" {
  interface FastifyInstance {
    /** The connections' recorded events: their queue, and the pulls. */
    integrationEvents: {
      /** Wakes the events' queue: an event was recorded `scheduled`. */
      notify(): void;
      /** Pulls a connection of a pulled platform (PrestaShop) now ('Synchroniser maintenant'). */
      pull(integrationId: string): Promise<void>;
      /** Resolves once every event recorded so far is taken (tests). */
      idle(): Promise<void>;
    };
  }
}

/**
 * A webhook is answered as soon as its event is recorded (Shopify allows 5 s); the order is taken
 * right after by the events' leased queue (event-queue.ts), started when the app is ready, claiming
 * once the database is migrated, and stopped on close after the events under way. An event a crash
 * left leased is taken by any instance once its lease runs out. Connections of a pulled platform
 * (PrestaShop) are pulled every 15 minutes, once across instances.
 */
export async function registerIntegrationsPlugin(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const deps: PullDeps = {
    db: ctx.db,
    now: ctx.now,
    reviewKeySecret: () => ctx.keys.currentKey("review-key"),
    notify: () => app.pipeline?.notify(),
    get keys() {
      return ctx.keys;
    },
    allowPrivate: ctx.config.outboundAllowPrivate,
  };
  const queue = createIntegrationEventQueue(deps, {
    pollIntervalMs: 1000,
    isReady: () => ctx.state.ready,
    log: (message, extra) => app.log.warn(extra ?? {}, message),
  });
  let started = false;
  app.decorate("integrationEvents", {
    notify: queue.notify,
    pull: (integrationId: string) => pullConnection(deps, integrationId),
    async idle() {
      // The running loop finishes what it holds, the rest is taken here, then the loop goes on.
      await queue.stop();
      try {
        await queue.drain();
      } catch (error) {
        app.log.warn({ err: error }, "integration event failed");
      } finally {
        if (started) queue.start();
      }
    },
  });
  app.addHook("onReady", async () => {
    started = true;
    queue.start();
  });
  app.addHook("preClose", async () => {
    started = false;
    await queue.stop();
  });
  registerPeriodicTask(app, {
    name: "prestashop pull",
    everyMs: PULL_EVERY_MS,
    task: () => pullAllConnections(deps, (error) => app.log.warn({ err: error }, "prestashop pull failed")),
  });
}
