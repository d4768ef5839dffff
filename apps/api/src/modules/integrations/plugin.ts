import type { FastifyInstance } from "fastify";
import { registerPeriodicTask } from "../../lib/periodic-task";
import { processIntegrationEvent, SWEEP_AFTER_MS, sweepPendingEvents } from "./process-event";
import { type PullDeps, pullAllConnections, pullConnection } from "./pull";

const PULL_EVERY_MS = 15 * 60_000;

declare module "fastify" {
  interface FastifyInstance {
    /** Takes the connections' recorded events after their webhook was answered. */
    integrationEvents: {
      process(eventId: string): void;
      /** Pulls a connection of a pulled platform (PrestaShop) now ('Synchroniser maintenant'). */
      pull(integrationId: string): Promise<void>;
      idle(): Promise<void>;
    };
  }
}

/**
 * A webhook is answered as soon as its event is recorded (Shopify allows 5 s); the order is taken
 * right after, here. Work still running when the server closes is awaited; an event a crash left
 * pending is taken by the sweep, once across instances, a minute later. Connections of a pulled
 * platform (PrestaShop) are pulled every 15 minutes, once across instances.
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
  const running = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked = work
      .catch((error: unknown) => app.log.warn({ err: error }, "integration event failed"))
      .finally(() => running.delete(tracked));
    running.add(tracked);
  };
  app.decorate("integrationEvents", {
    process(eventId: string) {
      track(
        new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
          processIntegrationEvent(deps, eventId),
        ),
      );
    },
    pull: (integrationId: string) => pullConnection(deps, integrationId),
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  });
  app.addHook("preClose", async () => {
    while (running.size) await Promise.all([...running]);
  });
  registerPeriodicTask(app, {
    name: "integration events sweep",
    everyMs: SWEEP_AFTER_MS,
    task: () => sweepPendingEvents(deps, (error) => app.log.warn({ err: error }, "integration event failed")),
  });
  registerPeriodicTask(app, {
    name: "prestashop pull",
    everyMs: PULL_EVERY_MS,
    task: () => pullAllConnections(deps, (error) => app.log.warn({ err: error }, "prestashop pull failed")),
  });
}
