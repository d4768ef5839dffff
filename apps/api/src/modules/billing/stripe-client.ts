import Stripe from "stripe";
import type { AppConfig } from "../../config";

/**
 * The Stripe client when STRIPE_SECRET_KEY is set, else null (local sandbox). Tests pass `fetchFn` to
 * answer Stripe's HTTP calls themselves: nothing else of Stripe is faked.
 */
export function createStripeClient(config: Pick<AppConfig, "stripeSecretKey">, fetchFn?: typeof fetch) {
  if (!config.stripeSecretKey) return null;
  return new Stripe(config.stripeSecretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(fetchFn ? { httpClient: Stripe.createFetchHttpClient(fetchFn) } : {}),
  });
}

export type StripeClient = Stripe;
