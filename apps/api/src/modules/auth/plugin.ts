import type { FastifyInstance } from "fastify";
import { registerPeriodicTask } from "../../lib/periodic-task";
import { purgeExpiredThrottles } from "./throttle";

const PURGE_EVERY_MS = 60 * 60_000;

/** Identity housekeeping: expired attempt counters are deleted every hour. */
export async function registerAuthPlugin(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  registerPeriodicTask(app, {
    name: "expired throttle purge",
    everyMs: PURGE_EVERY_MS,
    task: () => purgeExpiredThrottles(ctx.db, ctx.now()),
  });
}
