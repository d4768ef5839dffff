import { type IframeScope, PLAN_TYPES, PLANS, type PlanLimits, type PlanType } from "./plans";
import { isSubscriptionUsable } from "./subscription-status";

/** Whether `to` is a lower (cheaper) plan than `from`: the plan order of spec §9. */
export function isLowerPlan(from: PlanType, to: PlanType): boolean {
  return PLAN_TYPES.indexOf(to) < PLAN_TYPES.indexOf(from);
}

/** Why a move to a lower plan at the period end cannot be scheduled; null when it can. */
export type DowngradeRefusal = "noSubscription" | "notLower" | "alreadyScheduled";

/**
 * A lower plan is chosen for the end of the paid period (Stripe's "downgrade at period end"): the
 * company keeps what it paid for until then, the next invoice is the lower plan's. It needs a paid
 * subscription still in use with a period end ahead, and one scheduled change at a time.
 */
export function downgradeRefusal(
  subscription: {
    plan: PlanType;
    status: unknown;
    periodEnd: Date | null;
    /** The change already scheduled, if any. */
    scheduled: PlanType | null;
  },
  target: PlanType,
  now: Date,
): DowngradeRefusal | null {
  const { plan, status, periodEnd, scheduled } = subscription;
  if (PLANS[plan].free || !isSubscriptionUsable(status) || !periodEnd || periodEnd <= now) {
    return "noSubscription";
  }
  if (!isLowerPlan(plan, target)) return "notLower";
  if (scheduled !== null && scheduled !== target) return "alreadyScheduled";
  return null;
}

/**
 * The change waiting for the end of the paid period, as the Abonnement tab shows it: a cancelled
 * subscription moves to the free plan, a scheduled downgrade to its plan; both on the period's last day.
 */
export function scheduledPlanChange(subscription: {
  plan: PlanType;
  status: unknown;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  scheduled: PlanType | null;
}): { type: PlanType; effectiveAt: Date } | null {
  const { plan, status, periodEnd, cancelAtPeriodEnd, scheduled } = subscription;
  if (PLANS[plan].free || !isSubscriptionUsable(status) || !periodEnd) return null;
  const type = cancelAtPeriodEnd ? "LANCEMENT" : scheduled;
  return type && isLowerPlan(plan, type) ? { type, effectiveAt: periodEnd } : null;
}

/** One limit that a plan change lowers, with its value before and after (null: unlimited). */
export type LimitReduction =
  | {
      key: "max_products" | "max_members" | "max_emails_per_month" | "max_templates" | "max_forms";
      from: number | null;
      to: number;
    }
  | { key: "uploads"; from: true; to: false }
  | { key: "iframe_scope"; from: IframeScope; to: IframeScope };

const COUNTED = [
  "max_products",
  "max_members",
  "max_emails_per_month",
  "max_templates",
  "max_forms",
] as const;
const SCOPE_RANK: Readonly<Record<IframeScope, number>> = { basic: 0, all_reviews: 1, unlimited: 2 };

/** What a move from `from` to `to` takes away, in the order the plans list their features. */
export function limitReductions(from: PlanType, to: PlanType): LimitReduction[] {
  const before: PlanLimits = PLANS[from].limits;
  const after: PlanLimits = PLANS[to].limits;
  const reductions: LimitReduction[] = [];
  for (const key of COUNTED) {
    const next = after[key];
    const previous = before[key];
    if (next !== null && (previous === null || next < previous))
      reductions.push({ key, from: previous, to: next });
  }
  if (before.uploads && !after.uploads) reductions.push({ key: "uploads", from: true, to: false });
  if (SCOPE_RANK[after.iframe_scope] < SCOPE_RANK[before.iframe_scope]) {
    reductions.push({ key: "iframe_scope", from: before.iframe_scope, to: after.iframe_scope });
  }
  return reductions;
}

/** What an upgrade within a paid period costs, in cents TTC (see `prorateUpgrade`). */
export interface ProratedUpgrade {
  /** The unused part of the current plan, credited. */
  creditCents: number;
  /** The new plan for the rest of the period. */
  chargeCents: number;
  /** What is paid now: charge less credit (never below zero). */
  dueCents: number;
}

/**
 * A move to a higher plan within a paid period, as Stripe prorates it (`proration_behavior`
 * `always_invoice`): the period keeps its end; the unused time of the current plan is credited and
 * the new plan charged for the same time, both to the second, each rounded to the cent.
 */
export function prorateUpgrade(
  fromCents: number,
  toCents: number,
  period: { start: Date; end: Date },
  at: Date,
): ProratedUpgrade {
  const total = period.end.getTime() - period.start.getTime();
  const left = Math.min(Math.max(period.end.getTime() - at.getTime(), 0), total);
  const share = total > 0 ? Math.floor(left / 1000) / Math.floor(total / 1000) : 0;
  const creditCents = Math.round(fromCents * share);
  const chargeCents = Math.round(toCents * share);
  return { creditCents, chargeCents, dueCents: Math.max(chargeCents - creditCents, 0) };
}
