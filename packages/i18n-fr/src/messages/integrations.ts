/** The settings tab 'Intégrations': connections of the shop's platform (ARCHITECTURE §10.14). */
export const integrations = {
  restricted: "Les connexions de la boutique sont gérées par les administrateurs et les managers.",
  connections: {
    title: "Connexions de la boutique",
    description:
      "Vos commandes arrivent seules, sans code : chaque commande reçue déclenche la demande d'avis à l'acheteur. Les produits inconnus sont créés automatiquement.",
    loadFailed: "Impossible de charger les connexions.",
    empty: "Aucune boutique connectée.",
    add: "Connecter une boutique",
    platform: "Plateforme",
    shopUrl: "Adresse de la boutique",
    shopUrlPlaceholder: "https://ma-boutique.fr",
    /** Shopify: the webhook URL comes first, the shop's secret once the webhook exists (issue 42 §3). */
    shopifyNext:
      "Vous obtiendrez d'abord l'adresse du webhook à créer dans Shopify, puis vous y collerez le secret de signature affiché par Shopify.",
    apiKey: "Clé du Webservice PrestaShop",
    apiKeyHint: "Droits de lecture (GET) sur les ressources orders, customers et order_states.",
    firstPull: "Commandes à reprendre",
    firstPullHint: "La première synchronisation lit les commandes de cette période.",
    firstPullDays: {
      1: "Dernières 24 heures",
      7: "7 derniers jours",
      30: "30 derniers jours",
      90: "90 derniers jours",
    },
    connect: "Connecter",
    connected: "Boutique connectée",
    connectFailed: "Impossible de connecter la boutique.",
  },
  platforms: { shopify: "Shopify", woocommerce: "WooCommerce", prestashop: "PrestaShop" },
  statuses: {
    waiting_secret: "En attente du secret",
    waiting: "En attente",
    signature_refused: "Signature refusée",
    active: "Active",
    error: "En erreur",
  },
  /** Why nothing arrives, under the status badge, for the statuses that need the user. */
  statusHints: {
    waiting_secret:
      "Les commandes de Shopify sont refusées tant que le secret de signature de la boutique n'est pas indiqué ci-dessous.",
    signature_refused:
      "Shopify signe ses webhooks avec un autre secret que celui indiqué : collez celui affiché sous la liste des webhooks.",
  },
  connection: {
    title: (platform: string, shop: string) => `${platform} · ${shop}`,
    lastEvent: (date: string) => `Dernier événement : ${date}`,
    noEvent: "Aucun événement reçu pour l'instant.",
    steps: "Mise en place",
    webhookUrl: "URL du webhook",
    secret: "Secret de signature",
    copy: "Copier",
    copyOf: (what: string) => `Copier : ${what}`,
    showSecret: "Afficher le secret",
    hideSecret: "Masquer le secret",
    secretFailed: "Impossible d'afficher le secret.",
    secretOnce: "Notez ce secret maintenant : seuls les administrateurs pourront l'afficher à nouveau.",
    pulled: "Synchronisée toutes les 15 minutes (commandes expédiées ou livrées).",
    shopSecret: "Secret de signature de la boutique",
    shopSecretHint: "Affiché par Shopify sous la liste des webhooks (« Vos webhooks seront signés avec… »).",
    saveSecret: "Enregistrer le secret",
    secretSaved: "Secret enregistré",
    delayStart: "La demande d'avis part",
    delayStarts: { fulfilled: "à l'expédition de la commande", paid: "au paiement de la commande" },
    timezone: "Fuseau horaire de la boutique",
    timezoneHint:
      "Celui de la boutique PrestaShop (par exemple Europe/Paris) : ses dates sont lues dans ce fuseau.",
    saveTimezone: "Enregistrer le fuseau",
    saved: "Réglage enregistré",
    saveFailed: "Impossible d'enregistrer le réglage.",
    sync: "Synchroniser maintenant",
    synced: "Synchronisation terminée",
    syncFailed: "Impossible de synchroniser la boutique.",
    disconnect: "Déconnecter",
    disconnectOf: (shop: string) => `Déconnecter ${shop}`,
    disconnectTitle: "Déconnecter cette boutique ?",
    disconnectDescription:
      "Ses commandes ne seront plus reçues et son journal sera effacé. Les commandes déjà reçues et leurs avis restent.",
    disconnected: "Boutique déconnectée",
    disconnectFailed: "Impossible de déconnecter la boutique.",
  },
  steps: {
    shopify: [
      "Dans l'administration Shopify, ouvrez Paramètres › Notifications › Webhooks.",
      "Cliquez sur « Créer un webhook », format JSON, et collez l'URL ci-dessous ; événement : « Traitement de commande » si la demande part à l'expédition, « Paiement de commande » si elle part au paiement (réglage ci-dessous).",
      "Copiez le secret affiché sous la liste des webhooks (« Vos webhooks seront signés avec… ») et indiquez-le ci-dessous : les commandes sont refusées tant qu'il manque.",
    ],
    woocommerce: [
      "Dans WordPress, ouvrez WooCommerce › Réglages › Avancé › Webhooks, puis « Ajouter un webhook ».",
      "Nom : Certavis ; état : Actif ; sujet : « Commande mise à jour ».",
      "URL de livraison : l'URL ci-dessous ; secret : le secret ci-dessous ; version de l'API : la plus récente.",
      "Enregistrez : la commande est prise en compte dès qu'elle passe au statut « Terminée ».",
    ],
    prestashop: [
      "Dans l'administration PrestaShop, ouvrez Paramètres avancés › Webservice et activez le service web.",
      "Cliquez sur « Ajouter une nouvelle clé webservice », générez la clé et cochez « Afficher (GET) » pour les ressources orders et customers.",
      "Enregistrez, puis indiquez ici l'adresse de la boutique et cette clé.",
      "Les commandes à l'état « Expédié » ou « Livré » arrivent à chaque synchronisation (toutes les 15 minutes, ou « Synchroniser maintenant »).",
    ],
  },
  log: {
    title: "Journal",
    /** The log table's scroller, one per connection (a name apart from the connection's own region). */
    tableOf: (platform: string, shop: string) => `Journal de ${platform}, ${shop}`,
    empty: "Aucune commande reçue pour l'instant.",
    loadFailed: "Impossible de charger le journal.",
    date: "Reçue le",
    reference: "Commande",
    outcome: "Résultat",
    reason: "Motif",
    outcomes: { pending: "En cours", taken: "Prise en compte", refused: "Refusée", ignored: "Ignorée" },
  },
} as const;
