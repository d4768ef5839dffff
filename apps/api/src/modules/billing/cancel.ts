import { isSubscriptionUsable, normalizePlanType, PLANS } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { companies } from "../../db/schema";
import { detailError } from "../../http/errors";
import { randomToken } from "../../lib/crypto";
import { applyProviderEvent } from "./fulfilment";
import { isSandboxSubscription } from "./payment-mode";
import { fromUnix } from "./periods";
import { releaseStripeSchedule } from "./stripe-downgrade";

/** A cancellation replaces a lower paid plan scheduled for the same date (one change at a time). */
async function dropScheduledPlan(
  ctx: AppContext,
  company: typeof companies.$inferSelect,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!company.scheduledPlanType && !company.stripeScheduleId) return;
  if (company.stripeScheduleId && ctx.stripe) {
    try {
      await releaseStripeSchedule(ctx.stripe, company.stripeScheduleId);
    } catch (error) {
      log.warn({ err: error }, "stripe subscription schedule release failed");
      throw detailError(503, fr.server.billing.paymentProviderDown);
    }
  }
  await ctx.db
    .update(companies)
    .set({ scheduledPlanType: null, stripeScheduleId: null })
    .where(eq(companies.id, company.id));
}

/**
 * Schedules the end of the paid subscription at the end of the current period (the plan stays until
 * then). Idempotent. 400 'Aucun abonnement actif' without a usable paid subscription.
 */
export async function cancelAtPeriodEnd(
  ctx: AppContext,
  companyId: string,
  log: FastifyBaseLogger,
): Promise<{ current_period_end: string }> {
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  const plan = normalizePlanType(company?.planType);
  const subscriptionId = company?.stripeSubscriptionId;
  if (
    !company ||
    !plan ||
    PLANS[plan].free ||
    !subscriptionId ||
    !isSubscriptionUsable(company.subscriptionStatus)
  ) {
    throw detailError(400, fr.server.billing.noActiveSubscription);
  }

  await dropScheduledPlan(ctx, company, log);
  if (isSandboxSubscription(subscriptionId)) {
    if (!company.currentPeriodEnd) throw detailError(400, fr.server.billing.noActiveSubscription);
    if (!company.cancelAtPeriodEnd) {
      const at = ctx.now();
      // One event per request: a cancellation called off can be made again.
      await applyProviderEvent(
        ctx.db,
        {
          id: `sandbox:${subscriptionId}:cancel:${randomToken(12)}`,
          type: "customer.subscription.updated",
        },
        [
          {
            kind: "subscriptionChanged",
            ref: { subscriptionId },
            subscription: {
              id: subscriptionId,
              customerId: null,
              planType: plan,
              status: company.subscriptionStatus === "trialing" ? "trialing" : "active",
              cancelAtPeriodEnd: true,
              at,
            },
          },
        ],
      );
    }
    return { current_period_end: company.currentPeriodEnd.toISOString() };
  }

  if (!ctx.stripe) throw detailError(503, fr.server.billing.paymentProviderDown);
  let periodEnd: Date | null;
  try {
    const updated = await ctx.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const seconds = updated.items?.data[0]?.current_period_end;
    periodEnd = typeof seconds === "number" ? fromUnix(seconds) : company.currentPeriodEnd;
  } catch (error) {
    log.warn({ err: error }, "stripe subscription cancellation failed");
    throw detailError(503, fr.server.billing.paymentProviderDown);
  }
  if (!periodEnd) throw detailError(503, fr.server.billing.paymentProviderDown);
  // Shown at once; the webhook's customer.subscription.updated confirms it (not the fulfilment itself).
  await ctx.db
    .update(companies)
    .set({ cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd })
    .where(eq(companies.id, companyId));
  return { current_period_end: periodEnd.toISOString() };
}
