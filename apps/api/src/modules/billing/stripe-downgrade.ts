import { PLANS, type PlanType } from "@certavis/domain";
import { planName } from "@certavis/i18n-fr/server";
import { METADATA } from "./facts";
import { toCents } from "./periods";
import type { StripeClient } from "./stripe-client";

/** Our Stripe product per plan, made on first use (Checkout names its own inline). */
const productId = (plan: PlanType) => `certavis_${plan.toLowerCase()}`;

export async function ensureProduct(stripe: StripeClient, plan: PlanType): Promise<string> {
  const id = productId(plan);
  try {
    await stripe.products.create({ id, name: `Certavis ${planName(plan)}` });
  } catch (error) {
    if ((error as { code?: string }).code !== "resource_already_exists") throw error;
  }
  return id;
}

const idOf = (value: string | { id: string }) => (typeof value === "string" ? value : value.id);

/**
 * Stripe's "downgrade at period end": a subscription schedule made from the subscription keeps the
 * current phase (its price, until the period end) and adds the lower plan's phase, without
 * proration; its metadata names the plan, so the webhook's `customer.subscription.updated` at the
 * period end moves the company, and the next invoice is the lower price. Released after that phase,
 * the subscription then renews on the lower plan. Returns the schedule's id.
 */
export async function scheduleStripeDowngrade(
  stripe: StripeClient,
  companyId: string,
  subscriptionId: string,
  target: PlanType,
): Promise<string> {
  const plan = PLANS[target];
  const product = await ensureProduct(stripe, target);
  const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
  try {
    const current = schedule.phases[0];
    const item = current?.items[0];
    if (!current || !item) throw new Error(`subscription schedule ${schedule.id} has no current phase`);
    await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: "release",
      phases: [
        {
          items: [{ price: idOf(item.price), quantity: item.quantity ?? 1 }],
          start_date: current.start_date,
          end_date: current.end_date,
          ...(current.metadata ? { metadata: current.metadata } : {}),
        },
        {
          items: [
            {
              price_data: {
                currency: plan.currency.toLowerCase(),
                product,
                unit_amount: toCents(plan.price),
                recurring: { interval: "month" },
              },
              quantity: 1,
            },
          ],
          metadata: { [METADATA.companyId]: companyId, [METADATA.planType]: target },
          proration_behavior: "none",
          duration: { interval: "month", interval_count: 1 },
        },
      ],
    });
  } catch (error) {
    // Leave the subscription as it was: a half-made schedule would change nothing but block the next try.
    await stripe.subscriptionSchedules.release(schedule.id).catch(() => undefined);
    throw error;
  }
  return schedule.id;
}

/** Cancels a scheduled downgrade: the subscription leaves its schedule and renews as before. */
export async function releaseStripeSchedule(stripe: StripeClient, scheduleId: string): Promise<void> {
  try {
    await stripe.subscriptionSchedules.release(scheduleId);
  } catch (error) {
    // Already released, completed or unknown to Stripe: nothing is left to cancel.
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== 400 && status !== 404) throw error;
  }
}
