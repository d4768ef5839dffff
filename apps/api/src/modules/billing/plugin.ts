import { fr } from "@certavis/i18n-fr";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../../http/errors";
import { registerPeriodicTask } from "../../lib/periodic-task";
import { settleSandboxPeriods } from "./sandbox";
import { cancelSubscriptionsAtProvider } from "./subscriptions-to-cancel";

const SANDBOX_FORMS = "/api/v1/billing/sandbox/";
const SETTLE_EVERY_MS = 60_000;
const CANCEL_RETRY_EVERY_MS = 60_000;

/**
 * What billing needs beyond its handlers:
 * - the sandbox page's 'Payer' / 'Annuler' are plain HTML forms (no script): their empty
 *   `application/x-www-form-urlencoded` bodies are accepted on the sandbox routes only (415 elsewhere);
 * - sandbox subscriptions reach the end of their period without a provider: a timer plays the renewal
 *   or the end of a cancelled subscription (sandbox.ts), as Stripe's events would;
 * - with Stripe, a replaced subscription whose cancel failed is retried every minute when due.
 */
export async function registerBillingPlugin(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (request, _body, done) => {
      if (request.url.startsWith(SANDBOX_FORMS)) return done(null, undefined);
      done(new HttpError(415, { detail: fr.server.http.unsupportedMediaType }), undefined);
    },
  );

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
