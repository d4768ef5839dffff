import { bigint, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, tz } from "./columns";
import { companyRef } from "./companies";
import { users } from "./identity";

/** Checkout sessions: Stripe's `cs_...` ids, or `sandbox_...` ids of the local sandbox page. */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    companyId: companyRef(),
    planType: text("plan_type").notNull(),
    /** sandbox | stripe */
    provider: text("provider").notNull(),
    /** open | complete | cancelled | expired */
    status: text("status").notNull().default("open"),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    completedAt: tz("completed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("checkout_sessions_company_idx").on(t.companyId)],
);

export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    /**
     * The invoice's number, one unbroken sequence in the order invoices are issued (French invoicing
     * rules): taken from `invoice_counter` by the transaction that issues it (billing/invoice-numbers.ts).
     */
    number: bigint("number", { mode: "number" }).notNull(),
    companyId: companyRef(),
    subscriptionType: text("subscription_type").notNull(),
    /** Minor units (cents). */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("eur"),
    periodStart: tz("period_start").notNull(),
    periodEnd: tz("period_end").notNull(),
    invoiceUrl: text("invoice_url"),
    /** Stripe invoice id or the sandbox checkout session id: one invoice per payment. */
    providerRef: text("provider_ref").notNull(),
    /** The buyer as known when the invoice was issued (an issued invoice never changes). */
    buyerName: text("buyer_name").notNull(),
    buyerAddress: text("buyer_address"),
    buyerSiren: text("buyer_siren"),
    buyerVatNumber: text("buyer_vat_number"),
    /** When and how it was paid (French invoice mentions of an invoice marked paid). */
    paidAt: tz("paid_at"),
    /** `stripe` (paid online through Stripe) | `sandbox` (the local test checkout) */
    paymentMethod: text("payment_method"),
    /** A plan change within a period: the unused part of the previous plan, credited (cents, TTC). */
    creditCents: integer("credit_cents"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_provider_ref_unique").on(t.providerRef),
    uniqueIndex("invoices_number_unique").on(t.number),
    index("invoices_company_created_idx").on(t.companyId, t.createdAt),
  ],
);

/** The last invoice number issued: one row, locked while an invoice is issued (billing/invoice-numbers.ts). */
export const invoiceCounter = pgTable("invoice_counter", {
  id: smallint("id").primaryKey().default(1),
  lastNumber: bigint("last_number", { mode: "number" }).notNull(),
});

/** Webhook event ids already applied (deduplication). */
export const processedWebhookEvents = pgTable("processed_webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: createdAt(),
});

/**
 * Provider subscriptions that no longer back a company (replaced by a plan change, or the company was
 * deleted) and are still to be cancelled at the provider: written in the transaction that makes them
 * so, deleted once the provider confirms, so a failed cancel is retried instead of billing again.
 */
export const subscriptionsToCancel = pgTable(
  "subscriptions_to_cancel",
  {
    subscriptionId: text("subscription_id").primaryKey(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: tz("next_attempt_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("subscriptions_to_cancel_next_attempt_idx").on(t.nextAttemptAt)],
);

/**
 * A payment's invoice waiting for the company's billing address (a renewal of a company that paid
 * before the address was asked): an invoice is never issued without one. Issued, with its number, as
 * soon as the address is given (billing/held-invoices.ts), then deleted.
 */
export const heldInvoices = pgTable(
  "held_invoices",
  {
    id: id(),
    companyId: companyRef(),
    /** As `invoices.provider_ref`: one per payment. */
    providerRef: text("provider_ref").notNull(),
    subscriptionType: text("subscription_type").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("eur"),
    periodStart: tz("period_start").notNull(),
    periodEnd: tz("period_end").notNull(),
    invoiceUrl: text("invoice_url"),
    paidAt: tz("paid_at"),
    paymentMethod: text("payment_method"),
    creditCents: integer("credit_cents"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("held_invoices_provider_ref_unique").on(t.providerRef),
    index("held_invoices_company_idx").on(t.companyId, t.createdAt),
  ],
);
