import {
  DEFAULT_PLAN_TYPE,
  invoiceNumber,
  isSubscriptionStatus,
  normalizePlanType,
  PLAN_LIST,
  planLimits,
  splitVat,
} from "@certavis/domain";
import { planName } from "@certavis/i18n-fr/server";
import type { companies, invoices } from "../../db/schema";
import type { ResponseOf } from "../../http/operation-types";
import type { PaymentMode } from "./payment-mode";
import { fromCents } from "./periods";
import { scheduledChangeOf } from "./plan-change";

type CompanyRow = typeof companies.$inferSelect;
type SubscriptionInfo = ResponseOf<"companySubscriptionGet", 200>;
type InvoiceView = ResponseOf<"companyInvoicesList", 200>["results"][number];

/** `GET /company/subscription/`: the plans of spec §9 with `is_current`, and the company's subscription. */
export function toSubscriptionInfo(company: CompanyRow, mode: PaymentMode): SubscriptionInfo {
  const type = normalizePlanType(company.planType) ?? DEFAULT_PLAN_TYPE;
  const providerStatus = isSubscriptionStatus(company.subscriptionStatus) ? company.subscriptionStatus : null;
  const scheduled = scheduledChangeOf(company);
  return {
    plans: PLAN_LIST.map((plan) => ({
      type: plan.type,
      name: planName(plan.type),
      price: plan.price,
      currency: plan.currency,
      popular: plan.popular,
      is_current: plan.type === type,
      price_id_configured: !plan.free && mode !== "disabled",
      limits: { ...plan.limits },
    })),
    current: {
      type,
      // The free plan is always active; a paid plan shows its provider's status.
      status: type === DEFAULT_PLAN_TYPE ? "active" : (providerStatus ?? "active"),
      limits: { ...planLimits(type) },
      stripe_subscription_id: company.stripeSubscriptionId,
      stripe_subscription_status: providerStatus,
      current_period_end: company.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: company.cancelAtPeriodEnd,
      scheduled_change: scheduled && {
        type: scheduled.type,
        effective_at: scheduled.effectiveAt.toISOString(),
      },
    },
  };
}

export function toInvoiceView(row: typeof invoices.$inferSelect): InvoiceView {
  const { htCents, vatCents } = splitVat(row.amountCents);
  return {
    id: row.id,
    number: invoiceNumber(row.number),
    subscription_type: normalizePlanType(row.subscriptionType) ?? DEFAULT_PLAN_TYPE,
    amount: fromCents(row.amountCents),
    amount_ht: fromCents(htCents),
    vat: fromCents(vatCents),
    currency: row.currency.toUpperCase(),
    period_start: row.periodStart.toISOString(),
    period_end: row.periodEnd.toISOString(),
    invoice_url: row.invoiceUrl,
    pdf_url: `/api/v1/company/invoices/${row.id}/pdf/`,
  };
}
