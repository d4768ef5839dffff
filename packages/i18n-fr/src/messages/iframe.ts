export const iframe = {
  title: "Iframe",
  subtitle: "Affichez vos avis certifiés sur votre site",
  settings: "Réglages",
  product: "Produit",
  allProducts: "Tous les produits",
  /** The widget of the shop's own reviews (`product_id=store`). */
  storeReviews: "Avis sur la boutique",
  reviewsOnly: "Avis uniquement",
  reviewsOnlyHint: "Masque l'en-tête du widget.",
  accentColor: "Couleur d'accent",
  accentColorPicker: "Choisir la couleur d'accent",
  accentColorHex: "Code hexadécimal de la couleur d'accent",
  invalidAccentColor: (fallback: string) => `Couleur invalide : ${fallback} sera utilisée.`,
  preview: "Aperçu",
  openPreview: "Ouvrir l'aperçu",
  embedCode: "Code d'intégration",
  embedHint: "Copiez ce code dans la page de votre site où afficher les avis.",
  plainIframe: "Iframe simple",
  plainIframeHint: "Hauteur fixe de 520 px, sans script.",
  scriptEmbed: "Script (hauteur automatique)",
  scriptEmbedHint:
    "Le cadre prend la hauteur des avis et ne se charge qu'à l'approche de l'écran : la page de votre boutique reste aussi rapide.",
  copy: "Copier le code",
  copyNamed: (what: string) => `Copier le code : ${what}`,
  skuHint:
    'Dans un modèle de thème, la référence du produit peut remplacer son identifiant : data-sku="…" au lieu de data-product-id (ou sku= au lieu de product_id dans l\'adresse du cadre).',
  copied: "Code copié",
  incompleteConfig: "Configuration incomplète",
  incompleteConfigHint: "Votre entreprise n'a pas pu être chargée : le code ne peut pas être construit.",
  badge: {
    title: "Badge et page publique",
    intro:
      "Votre page publique rassemble vos avis vérifiés et sert de preuve. Le badge, une simple image, y mène depuis votre site.",
    pageLink: "Voir votre page publique",
    code: "Code du badge",
    codeHint: "Collez ce code là où le badge doit apparaître : il n'ajoute aucun script.",
    alt: "Avis vérifiés par Certavis",
    pageOff:
      "Votre page publique est désactivée (Paramètres, Entreprise) : le badge ne s'affiche pas tant qu'elle l'est.",
  },
  stars: {
    title: "Étoiles sur vos pages de liste",
    intro:
      "Affichez la note de chaque produit sur vos pages de catégorie : une balise par produit, le script une seule fois par page. Il demande les notes de toute la page en une seule requête et les dessine dans votre page, sans cadre.",
    code: "Code des étoiles",
    codeHint:
      "Répétez la balise pour chaque produit de la liste, avec sa référence (data-sku) ou son identifiant Certavis (data-product-id). Sa taille est réservée : la page ne bouge pas à l'arrivée des notes. Sans avis, la place reste vide.",
    skuPlaceholder: "VOTRE-REFERENCE",
    linkHint: "Avec data-href, les étoiles mènent à la page publique du produit.",
  },
  feed: {
    title: "Google : note de la boutique et étoiles des produits",
    intro:
      "Google affiche la note de votre boutique sous vos annonces et les étoiles de vos produits dans Shopping à partir de nos flux d'avis, mis à jour à chaque avis publié.",
    progressTitle: "Où vous en êtes",
    storeProgress: (count: number, threshold: number, months: number, country: string) =>
      `Avis sur la boutique des ${months} derniers mois (${country}) : ${count} sur environ ${threshold}`,
    storeProgressLabel: "Avis sur la boutique pour la note Google",
    /** A shop that moderates its own reviews: the store-ratings feed leaves it out (ARCHITECTURE §10.19). */
    storeNeedsCertavis:
      "Le flux des notes de boutique de Google ne reprend que les boutiques dont la modération est confiée à Certavis : vos avis sur la boutique n'y entrent pas, et ne comptent pas ci-dessous, tant que vous les modérez vous-même.",
    storeNeedsCertavisLink: "Confier la modération à Certavis (Paramètres, Entreprise)",
    storeProgressHint:
      "Seuls comptent les avis publiés, écrits dans les 90 jours suivant l'e-mail de demande. Google affiche la note d'une boutique à partir d'environ 100 avis sur 12 mois dans un pays.",
    productProgress: (count: number, threshold: number) =>
      `Avis produits dans le flux : ${count} sur ${threshold}`,
    productProgressLabel: "Avis produits pour les étoiles Google",
    productProgressHint:
      "Google affiche les étoiles d'un produit à partir de 50 avis dans le flux, tous produits confondus.",
    reached: "Seuil atteint",
    merchantUrl: "Adresse du flux d'avis sur la boutique",
    merchantUrlHint:
      "Format Merchant Review Feeds 5.0 : à donner à Google si vous envoyez vous-même vos avis sur la boutique.",
    storeStepsTitle: "Pour la note de la boutique",
    storeSteps: [
      "Vos avis sur la boutique recueillis après une commande entrent d'eux-mêmes dans le flux d'avis sur les marchands de Certavis : rien à installer.",
      "Dans Google Merchant Center, vérifiez et revendiquez l'adresse de votre site, celle de votre fiche Entreprise.",
      "Pour envoyer vous-même vos avis sur la boutique, ajoutez un flux d'avis sur le marchand par récupération programmée avec l'adresse ci-dessus, une fois par jour.",
      "Google affiche la note sous vos annonces et dans Shopping quand votre boutique a assez d'avis récents dans votre pays : comptez quelques semaines.",
    ],
    url: "Adresse du flux d'avis produits",
    urlHint: "Google Merchant Center lit cette adresse ; vos avis publiés y sont tous.",
    stepsTitle: "Dans Google Merchant Center",
    steps: [
      "Activez le programme « Avis sur les produits » (Croissance, puis Gérer les programmes) et acceptez ses conditions.",
      "Ajoutez un flux d'avis sur les produits par récupération programmée avec l'adresse ci-dessus, une fois par jour.",
      "Renseignez le GTIN, la marque et l'adresse de vos produits (fiche produit ou import CSV) : Google rapproche les avis de vos produits par ces identifiants.",
      "Google vérifie le flux puis affiche les étoiles quand un produit a assez d'avis : comptez quelques semaines.",
    ],
    pageOff:
      "Votre page publique est désactivée (Paramètres, Entreprise) : le flux n'est pas servi tant qu'elle l'est, car chaque avis y renvoie.",
  },
  jsonLd: {
    title: "Étoiles dans les résultats de recherche",
    intro:
      "Google affiche les étoiles d'un produit quand sa page contient des données structurées (JSON-LD). Celles du cadre ne comptent pas pour votre page : ajoutez-les de l'une de ces deux façons.",
    needsProduct: "Choisissez un produit : les données structurées décrivent un produit.",
    withScript: "Ajouter les données structurées avec le script",
    withScriptHint: "Le script les insère une fois dans l'en-tête de votre page.",
    serverUrl: "Adresse des données structurées (pour votre serveur)",
    serverHint:
      "Votre serveur lit cette adresse (mise en cache 60 s) et place la réponse telle quelle dans la page du produit :",
    serverSnippet: '<script type="application/ld+json">{ réponse de cette adresse }</script>',
    check: "Vérifiez ensuite la page avec le test des résultats enrichis de Google.",
  },
} as const;
