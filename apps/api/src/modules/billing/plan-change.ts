import {
  DEFAULT_PLAN_TYPE,
  type DowngradeRefusal,
  downgradeRefusal,
  normalizePlanType,
  PLANS,
  type PlanType,
  scheduledPlanChange,
} from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { companies } from "../../db/schema";
import { detailError } from "../../http/errors";
import { randomToken } from "../../lib/crypto";
import { cancelAtPeriodEnd } from "./cancel";
import { applyProviderEvent } from "./fulfilment";
import { isSandboxSubscription } from "./payment-mode";
import { releaseStripeSchedule, scheduleStripeDowngrade } from "./stripe-downgrade";

type CompanyRow = typeof companies.$inferSelect;

const REFUSALS: Record<DowngradeRefusal, string> = {
  noSubscription: fr.server.billing.noActiveSubscription,
  notLower: fr.server.billing.notLowerPlan,
  alreadyScheduled: fr.server.billing.changeAlreadyScheduled,
};

/** The change the company waits for (a cancellation is the move to the free plan), from its row. */
export function scheduledChangeOf(company: CompanyRow) {
  return scheduledPlanChange({
    plan: normalizePlanType(company.planType) ?? DEFAULT_PLAN_TYPE,
    status: company.subscriptionStatus,
    periodEnd: company.currentPeriodEnd,
    cancelAtPeriodEnd: company.cancelAtPeriodEnd,
    scheduled: normalizePlanType(company.scheduledPlanType),
  });
}

async function findCompany(ctx: AppContext, companyId: string): Promise<CompanyRow> {
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw detailError(400, fr.server.billing.noActiveSubscription);
  return company;
}

const providerDown = (log: FastifyBaseLogger, error: unknown, what: string) => {
  log.warn({ err: error }, what);
  return detailError(503, fr.server.billing.paymentProviderDown);
};

/**
 * `POST /company/subscription/plan-change/`: the company moves to a lower plan at the end of its paid
 * period. The free plan is the end of the subscription (`cancelAtPeriodEnd`); a lower paid plan is
 * recorded here (and, with Stripe, scheduled there), then applied by the renewal: the sandbox's
 * settlement or Stripe's webhook. Choosing the change already scheduled answers it again.
 */
export async function schedulePlanChange(
  ctx: AppContext,
  companyId: string,
  target: PlanType,
  log: FastifyBaseLogger,
): Promise<{ type: PlanType; effective_at: string }> {
  const company = await findCompany(ctx, companyId);
  const plan = normalizePlanType(company.planType) ?? DEFAULT_PLAN_TYPE;
  const scheduled = scheduledChangeOf(company);
  const refusal = downgradeRefusal(
    {
      plan,
      status: company.subscriptionStatus,
      periodEnd: company.currentPeriodEnd,
      scheduled: scheduled?.type ?? null,
    },
    target,
    ctx.now(),
  );
  const subscriptionId = company.stripeSubscriptionId;
  if (refusal || !subscriptionId || !company.currentPeriodEnd) {
    throw detailError(400, REFUSALS[refusal ?? "noSubscription"]);
  }
  const answer = (at: Date) => ({ type: target, effective_at: at.toISOString() });
  if (scheduled?.type === target) return answer(scheduled.effectiveAt);

  if (PLANS[target].free) {
    const { current_period_end } = await cancelAtPeriodEnd(ctx, companyId, log);
    return answer(new Date(current_period_end));
  }
  let scheduleId: string | null = null;
  if (!isSandboxSubscription(subscriptionId)) {
    if (!ctx.stripe) throw detailError(503, fr.server.billing.paymentProviderDown);
    try {
      scheduleId = await scheduleStripeDowngrade(ctx.stripe, companyId, subscriptionId, target);
    } catch (error) {
      throw providerDown(log, error, "stripe subscription schedule failed");
    }
  }
  await ctx.db
    .update(companies)
    .set({ scheduledPlanType: target, stripeScheduleId: scheduleId })
    .where(eq(companies.id, companyId));
  return answer(company.currentPeriodEnd);
}

/**
 * `DELETE /company/subscription/plan-change/`: the scheduled change (a lower plan, or the end of the
 * subscription) is called off; the current plan renews as before. 400 when nothing is scheduled.
 */
export async function cancelPlanChange(
  ctx: AppContext,
  companyId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const company = await findCompany(ctx, companyId);
  const subscriptionId = company.stripeSubscriptionId;
  if (!scheduledChangeOf(company) || !subscriptionId) {
    throw detailError(400, fr.server.billing.noScheduledChange);
  }
  const sandbox = isSandboxSubscription(subscriptionId);
  if (!sandbox && !ctx.stripe) throw detailError(503, fr.server.billing.paymentProviderDown);

  if (company.cancelAtPeriodEnd) {
    if (sandbox) {
      const at = ctx.now();
      await applyProviderEvent(
        ctx.db,
        { id: `sandbox:${subscriptionId}:resume:${randomToken(12)}`, type: "customer.subscription.updated" },
        [
          {
            kind: "subscriptionChanged",
            ref: { subscriptionId },
            subscription: {
              id: subscriptionId,
              customerId: null,
              planType: normalizePlanType(company.planType),
              status: company.subscriptionStatus === "trialing" ? "trialing" : "active",
              cancelAtPeriodEnd: false,
              at,
            },
          },
        ],
      );
      return;
    }
    try {
      await ctx.stripe?.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    } catch (error) {
      throw providerDown(log, error, "stripe subscription resume failed");
    }
    // Shown at once; the webhook's customer.subscription.updated confirms it.
    await ctx.db.update(companies).set({ cancelAtPeriodEnd: false }).where(eq(companies.id, companyId));
    return;
  }

  if (company.stripeScheduleId && ctx.stripe) {
    try {
      await releaseStripeSchedule(ctx.stripe, company.stripeScheduleId);
    } catch (error) {
      throw providerDown(log, error, "stripe subscription schedule release failed");
    }
  }
  await ctx.db
    .update(companies)
    .set({ scheduledPlanType: null, stripeScheduleId: null })
    .where(eq(companies.id, companyId));
}
