import { errors } from "@certavis/i18n-fr/messages/errors";

/** French answers of the billing endpoints (the spec's where it has one). */
export const BILLING_MSG = {
  noActiveSubscription: errors.subscription.noActive,
  downgradeContactSupport: errors.subscription.downgradeContactSupport,
  alreadySubscribed: (planName: string) => `Vous êtes déjà abonné à l'offre ${planName}.`,
  paymentsDisabled: "Le paiement en ligne n'est pas configuré. Contactez le support.",
  paymentProviderDown: "Le service de paiement est indisponible. Réessayez dans un instant.",
  redirectNotAllowed: "Cette adresse de redirection n'est pas autorisée.",
  webhookNotConfigured: "Le webhook Stripe n'est pas configuré.",
  badSignature: "Signature Stripe invalide.",
} as const;
