/** The API's reference page (`/api/docs/`): its own texts in French, the shop's API key first. */
export const apiDocs = {
  title: "API Certavis",
  description: [
    "## Votre clé API",
    "",
    "Chaque entreprise a sa clé API : Paramètres › Entreprise (propriétaire, administrateur ou manager). " +
      "Envoyez-la dans l'en-tête `X-Api-Key` pour enregistrer une commande avec `POST /api/v1/orders/` : " +
      "l'acheteur reçoit ensuite la demande d'avis.",
    "",
    "```",
    "curl -X POST https://votre-domaine/api/v1/orders/ \\",
    '  -H "X-Api-Key: <votre clé>" -H "Content-Type: application/json" \\',
    '  -d \'{"reference": "CMD-1001", "sku": "VASE-01", "buyer_email": "lea@exemple.fr"}\'',
    "```",
    "",
    "## Le reste de l'API",
    "",
    "Les autres opérations sont celles du back-office, avec `Authorization: Bearer <jeton>` (connexion). " +
      'Les chemins gardent leur barre oblique finale. Les erreurs sont `{"detail": "…"}` ou ' +
      '`{"<champ>": ["…"]}`, en français. Les listes sont paginées (`limit`, `offset`). ' +
      "Identifiants UUID, dates ISO 8601. Pendant le démarrage, toute opération répond 503 avec `Retry-After: 1`.",
  ].join("\n"),
  apiKeyScheme: "La clé API de l'entreprise (Paramètres › Entreprise), pour `POST /orders/`.",
  bearerScheme: "`Authorization: Bearer <jeton d'accès>` (connexion, inscription ou renouvellement).",
  /** Tag descriptions, in the order the page lists them (orders first: what the API key is for). */
  tags: {
    orders: "Commandes : envoi avec la clé API de l'entreprise, import CSV, liste.",
    health: "Disponibilité du service.",
    auth: "Connexion, inscription, jetons, vérification de l'adresse e-mail, mot de passe oublié.",
    users: "L'utilisateur connecté.",
    company: "L'entreprise, sa clé API, la recherche d'entreprises.",
    members: "Membres de l'équipe.",
    invites: "Invitations à rejoindre une entreprise.",
    requests: "Demandes pour rejoindre une entreprise.",
    subscription: "Offres, paiement, résiliation, factures.",
    products: "Produits et leurs avis.",
    reviews: "Modération des avis.",
    "email-templates": "Modèles d'e-mail de demande, de relance et de remerciement.",
    forms: "Formulaires d'avis.",
    "review-form": "Formulaire d'avis public, ouvert avec la clé d'avis de chaque commande.",
    public: "Avis publics pour le widget.",
    privacy: "Désinscription, liste d'exclusion de l'entreprise, effacement des données d'un acheteur.",
    webhooks: "Webhooks sortants de l'entreprise (Standard Webhooks) et leurs envois.",
    billing: "Webhook du prestataire de paiement et paiement de test.",
    integrations: "Connexions de la boutique (Shopify, WooCommerce, PrestaShop) qui apportent les commandes.",
  } as Readonly<Record<string, string>>,
} as const;
