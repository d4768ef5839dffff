/** How an order came in. */
export const ORDER_SOURCES = ["api", "csv", "shopify", "woocommerce", "prestashop"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** Where one product's review request stands (Commandes, ARCHITECTURE §10.21). */
export const REQUEST_STATES = ["scheduled", "sent", "reminded", "reviewed", "skipped", "failed"] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** Why no request goes for a product. */
export const SKIP_REASONS = ["product_draft", "unsubscribed", "bounced", "quota_reached", "erased"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** One row of the order's e-mail queue (`email_deliveries`), as far as the state needs it. */
export interface DeliveryFacts {
  status: string;
  scheduledAt: Date | null;
  sentAt: Date | null;
}

export interface RequestFacts {
  /** The order's `email_stop`: suppressed | bounced | skipped | null. */
  stop: string | null;
  /** The buyer's data was erased or anonymised. */
  anonymized: boolean;
  /** This product is a draft (asks nobody for a review). */
  productDraft: boolean;
  /** When the buyer reviewed this product, or null. */
  reviewedAt: Date | null;
  request: DeliveryFacts | null;
  reminder: DeliveryFacts | null;
}

export interface RequestView {
  state: RequestState;
  at: Date | null;
  reason: SkipReason | null;
}

const STOPS: Record<string, SkipReason> = {
  suppressed: "unsubscribed",
  bounced: "bounced",
  skipped: "product_draft",
};

/**
 * A product's request from the order's real deliveries: a review wins; then a stop for good (the
 * address unsubscribed or refused, every product a draft); a draft product is never asked; then what
 * went (reminder, request), what failed, what the quota holds, what was cancelled; else it is due.
 */
export function requestState(facts: RequestFacts): RequestView {
  if (facts.reviewedAt) return { state: "reviewed", at: facts.reviewedAt, reason: null };
  const stop = facts.stop ? STOPS[facts.stop] : undefined;
  if (stop) return { state: "skipped", at: null, reason: stop };
  const { request, reminder } = facts;
  const requestSent = request?.status === "sent";
  if (facts.productDraft && !requestSent) return { state: "skipped", at: null, reason: "product_draft" };
  if (reminder?.status === "sent") return { state: "reminded", at: reminder.sentAt, reason: null };
  if (requestSent) return { state: "sent", at: request?.sentAt ?? null, reason: null };
  if (request?.status === "failed") return { state: "failed", at: request.scheduledAt, reason: null };
  if (request?.status === "held")
    return { state: "skipped", at: request.scheduledAt, reason: "quota_reached" };
  if (request?.status === "cancelled" || facts.anonymized)
    return { state: "skipped", at: null, reason: facts.anonymized ? "erased" : null };
  return { state: "scheduled", at: request?.scheduledAt ?? null, reason: null };
}

/** 'Envoyer maintenant': a request not gone yet (due later, or held by the quota), nothing stopping it. */
export function canSendNow(facts: Pick<RequestFacts, "stop" | "anonymized" | "request">): boolean {
  if (facts.stop || facts.anonymized || !facts.request) return false;
  return facts.request.status === "scheduled" || facts.request.status === "held";
}

/** 'Renvoyer': a failed request, once (`resentAt` set by the first resend). */
export function canResend(
  facts: Pick<RequestFacts, "stop" | "anonymized"> & {
    request: (DeliveryFacts & { resentAt: Date | null }) | null;
  },
): boolean {
  if (facts.stop || facts.anonymized || !facts.request) return false;
  return facts.request.status === "failed" && facts.request.resentAt === null;
}
