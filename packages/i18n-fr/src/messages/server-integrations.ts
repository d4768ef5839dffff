/** Connections of a shop's platform (ARCHITECTURE §10.14): answers and the reasons of the log. */
export const serverIntegrations = {
  shopUrlInvalid: "Indiquez l'adresse https de la boutique (par exemple https://ma-boutique.fr).",
  signatureInvalid: "Signature du webhook absente ou invalide.",
  unreadable: "Commande illisible : ce n'est pas une commande de la boutique.",
  noEmail: "Commande sans adresse e-mail de l'acheteur.",
  noReference: "Commande sans numéro.",
  noItems: "Commande sans produit.",
  tooManyItems: (max: number) => `Commande de plus de ${max} produits.`,
  productRefused: (title: string, reason: string) => `Produit « ${title} » non créé : ${reason}`,
  notCompleted: (status: string) => `Commande au statut « ${status} » : prise en compte une fois terminée.`,
  apiKeyRequired: "Indiquez la clé du Webservice PrestaShop.",
  notPulled: "Seules les connexions PrestaShop se synchronisent.",
  notInNamedState: (name: string) =>
    `Commande à l'état « ${name} » : prise en compte une fois expédiée ou livrée.`,
  prestashopOnlyFirstPull:
    "Seule une connexion PrestaShop choisit la période de sa première synchronisation.",
  notInStates: (state: string) => `Commande à l'état ${state} : prise en compte une fois expédiée ou livrée.`,
  pullFailed: (status: string) => `Synchronisation impossible : la boutique a répondu ${status}.`,
  pullUnreachable: "Synchronisation impossible : boutique injoignable.",
  pullRefused: "Synchronisation impossible : adresse de la boutique refusée (adresse privée ou non https).",
  pullUnreadable: "Synchronisation impossible : réponse illisible du Webservice PrestaShop.",
  alreadyTaken: "Commande déjà reçue : aucune nouvelle demande d'avis.",
  failed: "Commande non enregistrée après une journée d'essais (erreur du serveur).",
  pullTooLarge: (mb: number) =>
    `Synchronisation impossible : réponse de la boutique trop volumineuse (plus de ${mb} Mo).`,
  syncTooSoon: (seconds: number) =>
    `Synchronisation déjà lancée il y a moins d'une minute : réessayez dans ${seconds} s.`,
  secretMissing:
    "Webhook refusé : indiquez le secret de signature de la boutique Shopify (sous la liste de ses webhooks).",
  signatureRefused: "Webhook refusé : sa signature ne correspond pas au secret indiqué pour cette boutique.",
  /** A well-signed delivery of a topic the connection does not take (issue 42 §3), by platform. */
  topicRefused: (platform: string, topic: string) =>
    `Webhook refusé : le sujet « ${topic} » n'est pas pris en charge. ${
      platform === "shopify"
        ? "Abonnez le webhook aux commandes payées ou traitées."
        : "Abonnez le webhook aux commandes (order.created, order.updated)."
    }`,
  /** The topic a Shopify connection does not start the delay on (its `delay_start` is the other). */
  otherTopic: {
    paid: "Paiement reçu : la demande d'avis part à l'expédition (réglage de la connexion).",
    fulfilled: "Expédition reçue : la demande d'avis part au paiement (réglage de la connexion).",
  },
  shopifyOnlySecret: "Seule une connexion Shopify reçoit le secret de la boutique.",
  shopifyOnlyDelayStart: "Seule une connexion Shopify choisit le début du délai.",
  prestashopOnlyTimezone: "Seule une connexion PrestaShop a un fuseau horaire.",
  prestashopOnlyStates: "Seule une connexion PrestaShop choisit ses états de commande.",
  secretTooShort: "Collez le secret de signature en entier (au moins 16 caractères).",
  timezoneUnknown: "Fuseau horaire inconnu (par exemple Europe/Paris).",
} as const;
