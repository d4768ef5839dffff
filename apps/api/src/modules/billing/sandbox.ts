import { isSubscriptionUsable, normalizePlanType, PLANS } from "@certavis/domain";
import { and, eq, inArray, like, lte } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { checkoutSessions, companies } from "../../db/schema";
import { randomToken } from "../../lib/crypto";
import type { BillingFact } from "./facts";
import { applyProviderEvent } from "./fulfilment";
import {
  isSandboxSubscription,
  paymentMode,
  SANDBOX_SESSION_PREFIX,
  SANDBOX_SUBSCRIPTION_PREFIX,
} from "./payment-mode";
import { addMonths, toCents } from "./periods";
import { type Upgrade, upgradeOf } from "./upgrade";

/** Like Stripe Checkout, a sandbox session can be paid for 24 hours. */
export const SANDBOX_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

type SessionRow = typeof checkoutSessions.$inferSelect;

export function newSandboxSessionId(): string {
  return `${SANDBOX_SESSION_PREFIX}${randomToken(24)}`;
}

/** A sandbox session still open and not expired, else null (always null unless the sandbox is the payment mode). */
export async function findOpenSandboxSession(ctx: AppContext, id: string): Promise<SessionRow | null> {
  const session = await findSandboxSession(ctx, id);
  if (!session) return null;
  if (
    session.status === "open" &&
    ctx.now().getTime() - session.createdAt.getTime() > SANDBOX_SESSION_TTL_MS
  ) {
    await closeSandboxSession(ctx, session, "expired");
    return null;
  }
  return session.status === "open" ? session : null;
}

export async function findSandboxSession(ctx: AppContext, id: string): Promise<SessionRow | null> {
  if (!id.startsWith(SANDBOX_SESSION_PREFIX) || paymentMode(ctx) !== "sandbox") return null;
  const [session] = await ctx.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.provider, "sandbox")));
  return session ?? null;
}

/**
 * 'Payer': what Stripe would send for a paid subscription checkout — the session completed, the new
 * subscription active for one month, its first invoice paid — applied by the webhook's fulfilment.
 */
export async function completeSandboxSession(ctx: AppContext, session: SessionRow): Promise<void> {
  const plan = PLANS[normalizePlanType(session.planType) ?? "CROISSANCE"];
  const at = ctx.now();
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, session.companyId));
  const upgrade = company ? upgradeOf(company, plan.type, at) : null;
  if (upgrade && isSandboxSubscription(upgrade.subscriptionId)) {
    await completeSandboxUpgrade(ctx, session, upgrade, at);
    return;
  }
  const periodEnd = addMonths(at, 1);
  const subscriptionId = `${SANDBOX_SUBSCRIPTION_PREFIX}${randomToken(12)}`;
  const ref = { companyId: session.companyId };
  const facts: BillingFact[] = [
    {
      kind: "checkoutCompleted",
      sessionId: session.id,
      ref,
      planType: plan.type,
      subscriptionId,
      customerId: null,
      paid: true,
      at,
    },
    {
      kind: "subscriptionChanged",
      ref,
      subscription: {
        id: subscriptionId,
        customerId: null,
        planType: plan.type,
        status: "active",
        currentPeriodStart: at,
        currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: false,
        at,
      },
    },
    {
      kind: "invoicePaid",
      ref,
      invoice: {
        providerRef: `${subscriptionId}:${at.toISOString()}`,
        planType: plan.type,
        amountCents: toCents(plan.price),
        currency: plan.currency,
        periodStart: at,
        periodEnd,
        invoiceUrl: null,
        paidAt: at,
        paymentMethod: "sandbox",
      },
    },
  ];
  await applyProviderEvent(
    ctx.db,
    { id: `sandbox:${session.id}:completed`, type: "checkout.session.completed" },
    facts,
  );
}

/**
 * 'Payer' for a higher plan within a paid period, as Stripe's `always_invoice` upgrade: the same
 * subscription and period end, the new plan at once, an invoice of the difference (the unused part of
 * the current plan credited).
 */
async function completeSandboxUpgrade(
  ctx: AppContext,
  session: SessionRow,
  upgrade: Upgrade,
  at: Date,
): Promise<void> {
  const { subscriptionId } = upgrade;
  const ref = { companyId: session.companyId };
  await applyProviderEvent(
    ctx.db,
    { id: `sandbox:${session.id}:completed`, type: "checkout.session.completed" },
    [
      {
        kind: "checkoutCompleted",
        sessionId: session.id,
        ref,
        planType: upgrade.to,
        subscriptionId,
        customerId: null,
        paid: true,
        at,
      },
      {
        kind: "subscriptionChanged",
        ref,
        subscription: {
          id: subscriptionId,
          customerId: null,
          planType: upgrade.to,
          status: "active",
          cancelAtPeriodEnd: false,
          at,
        },
      },
      {
        kind: "invoicePaid",
        ref,
        invoice: {
          providerRef: `${subscriptionId}:upgrade:${at.toISOString()}`,
          planType: upgrade.to,
          amountCents: upgrade.proration.dueCents,
          currency: PLANS[upgrade.to].currency,
          periodStart: at,
          periodEnd: upgrade.periodEnd,
          invoiceUrl: null,
          paidAt: at,
          paymentMethod: "sandbox",
          creditCents: upgrade.proration.creditCents,
        },
      },
    ],
  );
}

/** 'Annuler', or expiry: the session is closed, nothing else changes. */
export async function closeSandboxSession(
  ctx: AppContext,
  session: SessionRow,
  status: "cancelled" | "expired",
): Promise<void> {
  await applyProviderEvent(
    ctx.db,
    { id: `sandbox:${session.id}:${status}`, type: "checkout.session.expired" },
    [{ kind: "checkoutClosed", sessionId: session.id, status }],
  );
}

const MAX_RENEWALS_AT_ONCE = 36;

/**
 * The sandbox has no provider sending period-end events: when a sandbox subscription's period is over,
 * this plays them (renewal with its paid invoice, or the end of a cancelled subscription) through the
 * same fulfilment. Idempotent (event ids derive from the period). `companyId` limits it to one company.
 */
export async function settleSandboxPeriods(db: Db, now: Date, companyId?: string): Promise<void> {
  const due = await db
    .select()
    .from(companies)
    .where(
      and(
        like(companies.stripeSubscriptionId, `${SANDBOX_SUBSCRIPTION_PREFIX}%`),
        inArray(companies.subscriptionStatus, ["active", "trialing", "past_due"]),
        lte(companies.currentPeriodEnd, now),
        companyId ? eq(companies.id, companyId) : undefined,
      ),
    );
  for (const company of due) {
    const subscriptionId = company.stripeSubscriptionId;
    const plan = normalizePlanType(company.planType);
    let end = company.currentPeriodEnd;
    if (!subscriptionId || !plan || !end || !isSubscriptionUsable(company.subscriptionStatus)) continue;
    const ref = { subscriptionId };
    if (company.cancelAtPeriodEnd || PLANS[plan].free) {
      await applyProviderEvent(
        db,
        { id: `sandbox:${subscriptionId}:deleted`, type: "customer.subscription.deleted" },
        [
          {
            kind: "subscriptionChanged",
            ref,
            subscription: {
              id: subscriptionId,
              customerId: null,
              planType: plan,
              status: "canceled",
              at: end,
            },
          },
        ],
      );
      continue;
    }
    // A lower plan scheduled for the period end renews instead, at its price.
    const next = normalizePlanType(company.scheduledPlanType) ?? plan;
    for (let i = 0; i < MAX_RENEWALS_AT_ONCE && end <= now; i++) {
      const start: Date = end;
      end = addMonths(start, 1);
      await applyProviderEvent(
        db,
        { id: `sandbox:${subscriptionId}:renewal:${start.toISOString()}`, type: "invoice.paid" },
        [
          {
            kind: "subscriptionChanged",
            ref,
            subscription: {
              id: subscriptionId,
              customerId: null,
              planType: next,
              status: "active",
              currentPeriodStart: start,
              currentPeriodEnd: end,
              at: start,
            },
          },
          {
            kind: "invoicePaid",
            ref,
            invoice: {
              providerRef: `${subscriptionId}:${start.toISOString()}`,
              planType: next,
              amountCents: toCents(PLANS[next].price),
              currency: PLANS[next].currency,
              periodStart: start,
              periodEnd: end,
              invoiceUrl: null,
              paidAt: start,
              paymentMethod: "sandbox",
            },
          },
        ],
      );
    }
  }
}
