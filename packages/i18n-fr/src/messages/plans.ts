/** Plan names and feature lists of spec §9, keyed by the wire plan type. */
export const plans = {
  popular: "Populaire",
  free: "Gratuit",
  perMonth: "/mois",
  ttc: "TTC",
  /** Under a price paid VAT included (TVA 20 %). */
  ht: (price: string) => `soit ${price} HT`,
  /** This B2B product shows its prices HT first, TTC beside. */
  htLabel: "HT",
  ttcBeside: (price: string) => `soit ${price} TTC`,
  /** Asked before the first paid checkout: no invoice is issued without a billing address. */
  billingDetails: {
    title: "Adresse de facturation",
    description:
      "Elle figure sur chacune de vos factures. Indiquez-la avant le paiement ; le SIREN et le numéro de TVA sont facultatifs.",
    submit: "Continuer vers le paiement",
    /** Asked of a company already paying (its invoices wait for the address). */
    invoicesDescription:
      "Elle figure sur chacune de vos factures ; vos factures en attente seront émises dès son enregistrement. Le SIREN et le numéro de TVA sont facultatifs.",
    save: "Enregistrer",
    addressRequired: "Indiquez l'adresse de facturation : elle figure sur chaque facture.",
    cancel: "Annuler",
  },
  current: "Plan actuel",
  choose: "Choisir ce plan",
  LANCEMENT: {
    name: "Lancement",
    description: "Pour découvrir Certavis.",
    features: [
      "3 produits",
      "1 membre",
      "Pas d'envoi de photos ni de vidéos",
      "40 e-mails par mois",
      "Modèles et formulaires par défaut",
      "Widget iframe basique",
    ],
  },
  CROISSANCE: {
    name: "Croissance",
    description: "Pour les boutiques qui se développent.",
    features: [
      "50 produits",
      "5 membres",
      "Envoi de photos et de vidéos",
      "400 e-mails par mois",
      "Modèles et formulaires illimités",
      "Widget iframe avec tous les avis",
    ],
  },
  EXPANSION: {
    name: "Expansion",
    description: "Pour les grandes équipes.",
    features: [
      "Produits illimités",
      "Membres illimités",
      "Envoi de photos et de vidéos",
      "4\u202f000 e-mails par mois",
      "Modèles et formulaires illimités",
      "Widgets iframe illimités",
    ],
  },
} as const;
