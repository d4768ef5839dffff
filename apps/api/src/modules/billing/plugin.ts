import type { FastifyInstance } from "fastify";
import { registerPeriodicTask } from "../../lib/periodic-task";
import { settleSandboxPeriods } from "./sandbox";
import { cancelSubscriptionsAtProvider } from "./subscriptions-to-cancel";

const SETTLE_EVERY_MS = 60_000;
const CANCEL_RETRY_EVERY_MS = 60_000;

/**
 * What billing needs beyond its handlers (the sandbox page's forms: http/form-body.ts):
 * - sandbox subscriptions reach the end of their period without a provider: a timer plays the renewal
 *   or the end of a cancelled subscription (sandbox.ts), as Stripe's events would;
 * - with Stripe, a replaced subscription whose cancel failed is retried every minute when due.
 */
export async function registerBillingPlugin(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  registerPeriodicTask(app, {
    name: "sandbox subscription settlement",
    everyMs: SETTLE_EVERY_MS,
    task: () => settleSandboxPeriods(ctx.db, ctx.now()),
    enabled: () => !ctx.stripe,
  });
  registerPeriodicTask(app, {
    name: "replaced subscription cancel retry",
    everyMs: CANCEL_RETRY_EVERY_MS,
    task: () => cancelSubscriptionsAtProvider(ctx, app.log),
    enabled: () => ctx.stripe !== null,
  });
}
