import { storageKeys } from "@certavis/api-client";
import type { PlanType } from "@certavis/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../api-client";

/** Asks for a checkout page; back on /?checkout=success or /?checkout=cancel. */
export const createCheckoutSession = (type: PlanType, origin = window.location.origin) =>
  api.post("/company/subscription/checkout-session/", {
    body: {
      subscription_type: type,
      success_url: `${origin}/?checkout=success`,
      cancel_url: `${origin}/?checkout=cancel`,
    },
  });

/** The session id is kept under certavis.checkout_session_id before the browser leaves for the checkout. */
export function rememberCheckoutSession(id: string) {
  try {
    localStorage.setItem(storageKeys.checkoutSessionId, id);
  } catch {
    // storage blocked: the webhook still completes the subscription
  }
}

export const useCreateCheckoutSession = () =>
  useMutation({ mutationFn: (type: PlanType) => createCheckoutSession(type) });
