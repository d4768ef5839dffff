/** Plan types on the wire (spec §9). */
export const PLAN_TYPES = ["LANCEMENT", "CROISSANCE", "EXPANSION"] as const;

export type PlanType = (typeof PLAN_TYPES)[number];

/** How far the embeddable widget/iframe may go on a plan. */
export type IframeScope = "basic" | "all_reviews" | "unlimited";

/**
 * Limits of a plan, in the wire shape of `PlanLimits` / `subscription_limits`. `null` means unlimited.
 *
 * `max_templates` and `max_forms` count CUSTOM items only: the default e-mail templates and the default
 * form created for every company (`is_default`) never count, so LANCEMENT's 0 still leaves them usable.
 */
export interface PlanLimits {
  max_products: number | null;
  max_members: number | null;
  max_emails_per_month: number | null;
  max_templates: number | null;
  max_forms: number | null;
  /** Photo/video upload fields (file, media) allowed in forms. */
  uploads: boolean;
  iframe_scope: IframeScope;
}

export interface Plan {
  type: PlanType;
  /** Monthly price in EUR. */
  price: number;
  currency: "EUR";
  popular: boolean;
  free: boolean;
  limits: PlanLimits;
}

export const PLANS: Readonly<Record<PlanType, Plan>> = {
  LANCEMENT: {
    type: "LANCEMENT",
    price: 0,
    currency: "EUR",
    popular: false,
    free: true,
    limits: {
      max_products: 3,
      max_members: 1,
      max_emails_per_month: 40,
      max_templates: 0,
      max_forms: 0,
      uploads: false,
      iframe_scope: "basic",
    },
  },
  CROISSANCE: {
    type: "CROISSANCE",
    price: 29.99,
    currency: "EUR",
    popular: true,
    free: false,
    limits: {
      max_products: 50,
      max_members: 5,
      max_emails_per_month: 400,
      max_templates: null,
      max_forms: null,
      uploads: true,
      iframe_scope: "all_reviews",
    },
  },
  EXPANSION: {
    type: "EXPANSION",
    price: 79.99,
    currency: "EUR",
    popular: false,
    free: false,
    limits: {
      max_products: null,
      max_members: null,
      max_emails_per_month: 4000,
      max_templates: null,
      max_forms: null,
      uploads: true,
      iframe_scope: "unlimited",
    },
  },
};

/**
 * Total size of the photos and videos of ONE review submission, per plan, in Mo (a single
 * submission could carry 150 Mo). LANCEMENT has no upload fields; its figure only bounds the read that
 * answers "no uploads on this plan".
 */
export const SUBMISSION_UPLOAD_MB: Readonly<Record<PlanType, number>> = {
  LANCEMENT: 1,
  CROISSANCE: 50,
  EXPANSION: 100,
};

/**
 * Shop connections (Shopify, WooCommerce, PrestaShop) a company may hold, per plan: each is pulled or
 * listened to; a shop rarely needs more than one.
 */
export const MAX_SHOP_CONNECTIONS: Readonly<Record<PlanType, number>> = {
  LANCEMENT: 1,
  CROISSANCE: 3,
  EXPANSION: 10,
};

/** Webhook endpoints per company, on every plan: enough for a shop's systems, few enough to keep each event's fan-out small. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** Plans in display order (cheapest first). */
export const PLAN_LIST: readonly Plan[] = PLAN_TYPES.map((type) => PLANS[type]);

/** A company without a subscription is on the free plan. */
export const DEFAULT_PLAN_TYPE: PlanType = "LANCEMENT";

export function isPlanType(value: unknown): value is PlanType {
  return typeof value === "string" && (PLAN_TYPES as readonly string[]).includes(value);
}

/** Reads a plan type case-insensitively; null when unknown. */
export function normalizePlanType(value: unknown): PlanType | null {
  if (typeof value !== "string") return null;
  const upper = value.trim().toUpperCase();
  return isPlanType(upper) ? upper : null;
}

/** Shop connections allowed on a plan type; unknown types fall back to the free plan. */
export function maxShopConnections(type: unknown): number {
  return MAX_SHOP_CONNECTIONS[normalizePlanType(type) ?? DEFAULT_PLAN_TYPE];
}

/** Limits of a plan type; unknown types fall back to the free plan. */
export function planLimits(type: unknown): PlanLimits {
  return PLANS[normalizePlanType(type) ?? DEFAULT_PLAN_TYPE].limits;
}

const IFRAME_SCOPE_RANK: Readonly<Record<IframeScope, number>> = { basic: 0, all_reviews: 1, unlimited: 2 };

/** Whether a plan's iframe scope covers the required one (basic ⊂ all_reviews ⊂ unlimited). */
export function allowsIframeScope(limits: Pick<PlanLimits, "iframe_scope">, required: IframeScope): boolean {
  return IFRAME_SCOPE_RANK[limits.iframe_scope] >= IFRAME_SCOPE_RANK[required];
}

/** A limit is reached when the count is at or above it; `null` (unlimited) is never reached. */
export function isLimitReached(count: number, limit: number | null | undefined): boolean {
  if (limit === null || limit === undefined) return false;
  return count >= limit;
}

/** Product limit of spec §9: reached when the product count is at or above `max_products`. */
export function isProductLimitReached(count: number, maxProducts: number | null | undefined): boolean {
  return isLimitReached(count, maxProducts);
}

/** Remaining room under a limit (never negative); null when unlimited. */
export function remainingUnderLimit(count: number, limit: number | null | undefined): number | null {
  if (limit === null || limit === undefined) return null;
  return Math.max(0, limit - count);
}
