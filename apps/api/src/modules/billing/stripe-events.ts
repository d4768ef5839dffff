import { isSubscriptionStatus, normalizePlanType, type SubscriptionStatus } from "@certavis/domain";
import { z } from "zod";
import { type BillingFact, METADATA } from "./facts";
import { fromUnix } from "./periods";

/** An expandable Stripe reference: an id, or the expanded object. */
const ref = z
  .union([z.string(), z.object({ id: z.string() })])
  .transform((v) => (typeof v === "string" ? v : v.id));
const metadata = z.record(z.string(), z.string()).nullish();
const period = z.object({ start: z.number(), end: z.number() });

const checkoutSession = z.object({
  id: z.string(),
  mode: z.string().nullish(),
  subscription: ref.nullish(),
  customer: ref.nullish(),
  client_reference_id: z.string().nullish(),
  payment_status: z.string().nullish(),
  metadata,
});

// Stripe moved the billing period from the subscription to its items (API 2025-03-31): read both.
const subscription = z.object({
  id: z.string(),
  customer: ref.nullish(),
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  current_period_start: z.number().nullish(),
  current_period_end: z.number().nullish(),
  items: z
    .object({
      data: z.array(
        z.object({ current_period_start: z.number().nullish(), current_period_end: z.number().nullish() }),
      ),
    })
    .nullish(),
  metadata,
});

// Likewise the invoice's subscription moved under `parent.subscription_details` (API 2025-03-31).
const invoice = z.object({
  id: z.string(),
  customer: ref.nullish(),
  amount_paid: z.number().int(),
  currency: z.string(),
  hosted_invoice_url: z.string().nullish(),
  period_start: z.number(),
  period_end: z.number(),
  subscription: ref.nullish(),
  subscription_details: z.object({ metadata }).nullish(),
  parent: z
    .object({ subscription_details: z.object({ subscription: ref.nullish(), metadata }).nullish() })
    .nullish(),
  status_transitions: z.object({ paid_at: z.number().nullish() }).nullish(),
  lines: z
    .object({ data: z.array(z.object({ period: period.nullish(), amount: z.number().int().nullish() })) })
    .nullish(),
});

export interface StripeEventLike {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

/** `paused` (no payment collected) is not in the contract's list: the plan's features are off, as for `unpaid`. */
function toStatus(value: string): SubscriptionStatus {
  if (isSubscriptionStatus(value)) return value;
  return value === "paused" ? "unpaid" : "incomplete";
}

/** Unix seconds → Date, keeping `undefined` (not told) apart from `null`. */
const maybeDate = (seconds: number | null | undefined) =>
  seconds === undefined ? undefined : seconds === null ? null : fromUnix(seconds);

/**
 * The facts of a verified Stripe event; events we do not use give none. Throws (zod) when a used
 * event does not have the expected shape.
 */
export function factsFromStripeEvent(event: StripeEventLike): BillingFact[] {
  const at = fromUnix(event.created);
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = checkoutSession.parse(event.data.object);
      if (session.mode !== "subscription" || !session.subscription) return [];
      return [
        {
          kind: "checkoutCompleted",
          sessionId: session.id,
          ref: {
            companyId: session.metadata?.[METADATA.companyId] ?? session.client_reference_id,
            customerId: session.customer,
          },
          planType: normalizePlanType(session.metadata?.[METADATA.planType]),
          subscriptionId: session.subscription,
          customerId: session.customer ?? null,
          paid: session.payment_status !== "unpaid",
          at,
        },
      ];
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed": {
      const session = checkoutSession.parse(event.data.object);
      return [{ kind: "checkoutClosed", sessionId: session.id, status: "expired" }];
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed": {
      const sub = subscription.parse(event.data.object);
      const item = sub.items?.data[0];
      return [
        {
          kind: "subscriptionChanged",
          ref: {
            companyId: sub.metadata?.[METADATA.companyId],
            subscriptionId: sub.id,
            customerId: sub.customer,
          },
          subscription: {
            id: sub.id,
            customerId: sub.customer ?? null,
            planType: normalizePlanType(sub.metadata?.[METADATA.planType]),
            status: toStatus(sub.status),
            currentPeriodStart: maybeDate(item?.current_period_start ?? sub.current_period_start),
            currentPeriodEnd: maybeDate(item?.current_period_end ?? sub.current_period_end),
            cancelAtPeriodEnd: sub.cancel_at_period_end ?? undefined,
            at,
          },
        },
      ];
    }
    case "invoice.paid": {
      const inv = invoice.parse(event.data.object);
      const details = inv.parent?.subscription_details;
      const meta = details?.metadata ?? inv.subscription_details?.metadata;
      const subscriptionId = details?.subscription ?? inv.subscription;
      // The line's period is the one paid for (the invoice's own period is the previous one).
      const linePeriod = inv.lines?.data.find((line) => line.period)?.period;
      const credit = -(inv.lines?.data ?? []).reduce((sum, line) => sum + Math.min(line.amount ?? 0, 0), 0);
      return [
        {
          kind: "invoicePaid",
          ref: { companyId: meta?.[METADATA.companyId], subscriptionId, customerId: inv.customer },
          invoice: {
            providerRef: inv.id,
            planType: normalizePlanType(meta?.[METADATA.planType]),
            amountCents: inv.amount_paid,
            currency: inv.currency,
            periodStart: fromUnix(linePeriod?.start ?? inv.period_start),
            periodEnd: fromUnix(linePeriod?.end ?? inv.period_end),
            invoiceUrl: inv.hosted_invoice_url ?? null,
            paidAt: fromUnix(inv.status_transitions?.paid_at ?? event.created),
            paymentMethod: "stripe",
            // An upgrade's invoice (`always_invoice`) credits the unused time as negative lines.
            creditCents: credit > 0 ? credit : null,
          },
        },
      ];
    }
    case "subscription_schedule.released":
    case "subscription_schedule.canceled": {
      const schedule = z.object({ id: z.string() }).parse(event.data.object);
      return [{ kind: "scheduleEnded", scheduleId: schedule.id }];
    }
    default:
      return [];
  }
}
