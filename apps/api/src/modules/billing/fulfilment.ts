import { isSubscriptionUsable, normalizePlanType, type PlanType } from "@certavis/domain";
import { and, eq, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { checkoutSessions, companies, invoices, processedWebhookEvents } from "../../db/schema";
import type { BillingFact, CompanyRef, PaidInvoice, SubscriptionState } from "./facts";
import { holdInvoice } from "./held-invoices";
import { issueInvoice } from "./invoice-numbers";
import { recordSubscriptionsToCancel } from "./subscriptions-to-cancel";

type CompanyRow = typeof companies.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ProviderEventResult {
  /** The event id was already applied: nothing was done. */
  duplicate: boolean;
  /**
   * Provider subscriptions replaced by a newer one (a plan change): to be cancelled at the provider
   * (recorded in `subscriptions_to_cancel`; sandbox ones are left out, they bill nothing).
   */
  replacedSubscriptionIds: string[];
}

/**
 * THE fulfilment: applies the facts of one provider event exactly once (the event id is recorded in
 * the same transaction, so a failure lets the provider retry and a duplicate delivery does nothing).
 * Used by the Stripe webhook and by the sandbox checkout alike.
 */
export async function applyProviderEvent(
  db: Db,
  event: { id: string; type: string },
  facts: BillingFact[],
): Promise<ProviderEventResult> {
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(processedWebhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: processedWebhookEvents.id });
    if (fresh.length === 0) return { duplicate: true, replacedSubscriptionIds: [] };
    const replaced: string[] = [];
    for (const fact of facts) {
      const replacedId = await applyFact(tx, fact);
      if (replacedId) replaced.push(replacedId);
    }
    // Recorded with the change itself: the cancel at the provider is retried until it is confirmed.
    const toCancel = await recordSubscriptionsToCancel(tx, replaced);
    return { duplicate: false, replacedSubscriptionIds: toCancel };
  });
}

async function applyFact(tx: Tx, fact: BillingFact): Promise<string | null> {
  switch (fact.kind) {
    case "checkoutCompleted":
      return completeCheckout(tx, fact);
    case "checkoutClosed":
      await tx
        .update(checkoutSessions)
        .set({ status: fact.status })
        .where(and(eq(checkoutSessions.id, fact.sessionId), eq(checkoutSessions.status, "open")));
      return null;
    case "subscriptionChanged": {
      const company = await findCompany(tx, fact.ref);
      return company ? applySubscription(tx, company, fact.subscription) : null;
    }
    case "scheduleEnded":
      // Released elsewhere (Stripe's dashboard) before its period end: nothing is scheduled any more.
      await tx
        .update(companies)
        .set({ scheduledPlanType: null, stripeScheduleId: null })
        .where(eq(companies.stripeScheduleId, fact.scheduleId));
      return null;
    case "invoicePaid": {
      const company = await findCompany(tx, fact.ref);
      if (company) await recordInvoice(tx, company, fact.invoice);
      return null;
    }
  }
}

async function completeCheckout(
  tx: Tx,
  fact: Extract<BillingFact, { kind: "checkoutCompleted" }>,
): Promise<string | null> {
  const [session] = await tx
    .update(checkoutSessions)
    .set({ status: "complete", completedAt: fact.at })
    .where(eq(checkoutSessions.id, fact.sessionId))
    .returning();
  const company = await findCompany(tx, { ...fact.ref, companyId: session?.companyId ?? fact.ref.companyId });
  if (!company) return null;
  return applySubscription(tx, company, {
    id: fact.subscriptionId,
    customerId: fact.customerId,
    planType: fact.planType ?? normalizePlanType(session?.planType),
    status: fact.paid ? "active" : "incomplete",
    at: fact.at,
  });
}

async function findCompany(tx: Tx, ref: CompanyRef): Promise<CompanyRow | null> {
  const lookups: SQL[] = [];
  if (ref.companyId && UUID.test(ref.companyId)) lookups.push(eq(companies.id, ref.companyId));
  if (ref.subscriptionId) lookups.push(eq(companies.stripeSubscriptionId, ref.subscriptionId));
  if (ref.customerId) lookups.push(eq(companies.stripeCustomerId, ref.customerId));
  for (const where of lookups) {
    const [row] = await tx.select().from(companies).where(where).limit(1).for("update");
    if (row) return row;
  }
  return null;
}

/**
 * Out-of-order tolerant: a state older than the last applied one is dropped; a canceled subscription
 * never comes back; another subscription replaces the current one only when it is usable and newer
 * (a plan change), so late events about the replaced one are ignored. Returns the replaced
 * subscription id, if any.
 */
async function applySubscription(
  tx: Tx,
  company: CompanyRow,
  state: SubscriptionState,
): Promise<string | null> {
  const same = company.stripeSubscriptionId === state.id;
  const lastAt = company.subscriptionEventAt;
  if (lastAt && state.at < lastAt) return null;
  if (same && company.subscriptionStatus === "canceled" && state.status !== "canceled") return null;
  if (!same && !isSubscriptionUsable(state.status)) return null;

  const usable = isSubscriptionUsable(state.status);
  const plan: PlanType = state.planType ?? normalizePlanType(company.planType) ?? "LANCEMENT";
  const keep = <T>(next: T | undefined, stored: T | null, fallback: T | null = null) =>
    next !== undefined ? next : same ? stored : fallback;
  // A scheduled lower plan waits while the same subscription goes on with another plan; it is done
  // once the subscription carries it (period end), and gone with a replaced or ended subscription.
  const scheduled = normalizePlanType(company.scheduledPlanType);
  const keepSchedule = same && usable && scheduled !== null && scheduled !== plan;
  await tx
    .update(companies)
    .set({
      planType: usable ? plan : "LANCEMENT",
      subscriptionStatus: state.status,
      stripeSubscriptionId: state.id,
      stripeCustomerId: state.customerId ?? company.stripeCustomerId,
      currentPeriodStart: keep(state.currentPeriodStart, company.currentPeriodStart),
      currentPeriodEnd: keep(state.currentPeriodEnd, company.currentPeriodEnd),
      cancelAtPeriodEnd:
        state.status === "canceled"
          ? false
          : (keep(state.cancelAtPeriodEnd, company.cancelAtPeriodEnd) ?? false),
      subscriptionEventAt: state.at,
      scheduledPlanType: keepSchedule ? scheduled : null,
      stripeScheduleId: keepSchedule ? company.stripeScheduleId : null,
    })
    .where(eq(companies.id, company.id));

  const previous = company.stripeSubscriptionId;
  return !same && previous && isSubscriptionUsable(company.subscriptionStatus) ? previous : null;
}

async function recordInvoice(tx: Tx, company: CompanyRow, invoice: PaidInvoice): Promise<void> {
  const payment = {
    subscriptionType: invoice.planType ?? normalizePlanType(company.planType) ?? "LANCEMENT",
    amountCents: invoice.amountCents,
    currency: invoice.currency.toLowerCase(),
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    invoiceUrl: invoice.invoiceUrl,
    providerRef: invoice.providerRef,
    paidAt: invoice.paidAt,
    paymentMethod: invoice.paymentMethod,
    creditCents: invoice.creditCents ?? null,
  };
  // No invoice without the buyer's address: the payment's invoice waits for it (held-invoices.ts).
  if (!company.billingAddress) {
    const [known] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.providerRef, invoice.providerRef))
      .limit(1);
    if (!known) await holdInvoice(tx, company.id, payment);
    return;
  }
  await issueInvoice(tx, {
    ...payment,
    companyId: company.id,
    // Frozen at issue: a later change of the company's name or address never rewrites an invoice.
    buyerName: company.name,
    buyerAddress: company.billingAddress,
    buyerSiren: company.billingSiren,
    buyerVatNumber: company.billingVatNumber,
  });
}
