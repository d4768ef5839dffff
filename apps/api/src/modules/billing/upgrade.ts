import {
  isLowerPlan,
  isSubscriptionUsable,
  normalizePlanType,
  PLANS,
  type PlanType,
  type ProratedUpgrade,
  prorateUpgrade,
} from "@certavis/domain";
import type { companies } from "../../db/schema";
import { METADATA } from "./facts";
import { toCents } from "./periods";
import type { StripeClient } from "./stripe-client";
import { ensureProduct } from "./stripe-downgrade";

type CompanyRow = typeof companies.$inferSelect;

/** A move to a higher plan within a paid period: the same subscription, prorated. */
export interface Upgrade {
  subscriptionId: string;
  from: PlanType;
  to: PlanType;
  periodEnd: Date;
  proration: ProratedUpgrade;
}

/**
 * The upgrade `target` would be for this company at `at`: null unless a paid plan lower than the
 * target is in use with a period still running (then a checkout starts a new subscription).
 */
export function upgradeOf(company: CompanyRow, target: PlanType, at: Date): Upgrade | null {
  const from = normalizePlanType(company.planType);
  const { stripeSubscriptionId: subscriptionId, currentPeriodStart: start, currentPeriodEnd: end } = company;
  if (!from || PLANS[from].free || !isLowerPlan(target, from)) return null;
  if (!isSubscriptionUsable(company.subscriptionStatus) || !subscriptionId || !start || !end || end <= at) {
    return null;
  }
  return {
    subscriptionId,
    from,
    to: target,
    periodEnd: end,
    proration: prorateUpgrade(toCents(PLANS[from].price), toCents(PLANS[target].price), { start, end }, at),
  };
}

/**
 * Stripe's own upgrade: the subscription's item moves to the higher price with
 * `proration_behavior: "always_invoice"` (Stripe credits the unused time, charges the new price for
 * the rest of the period and invoices the difference at once with the saved payment method);
 * `error_if_incomplete` makes a refused payment an error here instead of a half-done change. The
 * webhook's `customer.subscription.updated` (plan in the metadata) and `invoice.paid` then apply it.
 */
export async function upgradeStripeSubscription(
  stripe: StripeClient,
  companyId: string,
  upgrade: Upgrade,
): Promise<void> {
  const plan = PLANS[upgrade.to];
  const subscription = await stripe.subscriptions.retrieve(upgrade.subscriptionId);
  const item = subscription.items.data[0];
  if (!item) throw new Error(`subscription ${upgrade.subscriptionId} has no item`);
  const product = await ensureProduct(stripe, upgrade.to);
  await stripe.subscriptions.update(upgrade.subscriptionId, {
    items: [
      {
        id: item.id,
        price_data: {
          currency: plan.currency.toLowerCase(),
          product,
          unit_amount: toCents(plan.price),
          recurring: { interval: "month" },
        },
        quantity: 1,
      },
    ],
    proration_behavior: "always_invoice",
    payment_behavior: "error_if_incomplete",
    cancel_at_period_end: false,
    metadata: { [METADATA.companyId]: companyId, [METADATA.planType]: upgrade.to },
  });
}
