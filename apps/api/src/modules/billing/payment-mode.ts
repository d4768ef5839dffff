import type { AppContext } from "../../context";

/**
 * Stripe when STRIPE_SECRET_KEY is set; otherwise the local sandbox checkout, except in production
 * where handing out paid plans for free is not an option (checkout is then refused).
 */
export type PaymentMode = "stripe" | "sandbox" | "disabled";

export function paymentMode(ctx: Pick<AppContext, "stripe" | "config">): PaymentMode {
  if (ctx.stripe) return "stripe";
  return ctx.config.nodeEnv === "production" ? "disabled" : "sandbox";
}

/** Sandbox subscriptions and sessions carry these prefixes (never issued by Stripe). */
export const SANDBOX_SESSION_PREFIX = "cs_sandbox_";
export const SANDBOX_SUBSCRIPTION_PREFIX = "sub_sandbox_";

export function isSandboxSubscription(id: string | null | undefined): boolean {
  return typeof id === "string" && id.startsWith(SANDBOX_SUBSCRIPTION_PREFIX);
}
