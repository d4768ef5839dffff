import type { PlanType, SubscriptionStatus } from "@certavis/domain";

/**
 * What a payment provider tells us, in our words. Stripe's webhook events and the local sandbox are
 * both translated into these facts and applied by the same code (fulfilment.ts).
 */
export type BillingFact =
  | {
      kind: "checkoutCompleted";
      sessionId: string;
      ref: CompanyRef;
      /** Null: the plan recorded with the checkout session. */
      planType: PlanType | null;
      subscriptionId: string;
      customerId: string | null;
      /** False for payments still pending (asynchronous payment methods). */
      paid: boolean;
      at: Date;
    }
  | { kind: "checkoutClosed"; sessionId: string; status: "expired" | "cancelled" }
  | { kind: "subscriptionChanged"; ref: CompanyRef; subscription: SubscriptionState }
  | { kind: "invoicePaid"; ref: CompanyRef; invoice: PaidInvoice }
  /** A subscription schedule released or cancelled at the provider: its scheduled plan is gone. */
  | { kind: "scheduleEnded"; scheduleId: string };

/** How to find the company of a provider object: the first key that matches wins. */
export interface CompanyRef {
  companyId?: string | null;
  subscriptionId?: string | null;
  customerId?: string | null;
}

export interface SubscriptionState {
  id: string;
  customerId: string | null;
  /** Null when the provider does not say (the company's plan is kept). */
  planType: PlanType | null;
  status: SubscriptionStatus;
  /** `undefined`: not told by this fact, keep what is stored. */
  currentPeriodStart?: Date | null;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  /** When the provider produced this state (event `created`): older states never overwrite newer ones. */
  at: Date;
}

export interface PaidInvoice {
  /** Stripe invoice id, or the sandbox's own reference: one invoice per payment. */
  providerRef: string;
  /** Null: the company's current plan. */
  planType: PlanType | null;
  amountCents: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
  invoiceUrl: string | null;
  /** When it was paid, and how: online through Stripe, or the local test checkout. */
  paidAt: Date;
  paymentMethod: "stripe" | "sandbox";
  /** An upgrade within a period: the unused part of the previous plan, credited (cents TTC). */
  creditCents?: number | null;
}

/** Metadata keys we put on Stripe checkout sessions and subscriptions. */
export const METADATA = { companyId: "company_id", planType: "plan_type" } as const;
