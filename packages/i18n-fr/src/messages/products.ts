import { formatDelay } from "../format/number";
import { countOf, plural } from "../format/plural";

export const products = {
  /** Orders held while the product was a draft (issue 42 §2), offered once it is active. */
  heldRequests: {
    title: "Demandes d'avis en attente",
    text: (orders: number) =>
      `${orders} ${plural(orders, "commande reçue", "commandes reçues")} pendant que ce produit était en brouillon ${plural(orders, "n'a", "n'ont")} reçu aucune demande d'avis. Envoyer ${plural(orders, "sa demande", "leurs demandes")} maintenant ? (Seules les commandes de moins de 30 jours sont proposées.)`,
    send: "Envoyer les demandes",
    sent: (orders: number) =>
      `${orders} ${plural(orders, "demande d'avis programmée", "demandes d'avis programmées")}.`,
    failed: "Les demandes n'ont pas pu être programmées. Réessayez.",
  },
  title: "Produits",
  subtitle: "Gérez vos produits, leurs e-mails de demande d'avis et leurs formulaires",
  newProduct: "Nouveau produit",
  importOrders: "Importer des commandes",
  tiles: {
    totalProducts: "Total Produits",
    responseRate: "Taux de réponse",
    averageRating: "Note Moyenne",
    lastReview: "Dernier avis",
  },
  filters: {
    searchPlaceholder: "Rechercher un produit...",
    status: "Statut",
    all: "Tous les statuts",
    active: "Actifs",
    draft: "Brouillons",
    archived: "Archivés",
  },
  card: {
    menu: "Actions du produit",
    duplicate: "Dupliquer",
    delete: "Supprimer",
    changeStatus: "Changer le statut",
    reviews: "Avis",
    rating: "Note",
    orders: "Commandes",
    requestTemplate: (name: string, n: number) => `${name} • ${formatDelay(n)}`,
    reminder: (name: string, n: number) => `Relance: ${name} • ${formatDelay(n)}`,
    reminderEnabled: "Relance activée",
    noReminder: "Pas de relance",
    noTemplate: "Aucun modèle",
    noForm: "Aucun formulaire",
  },
  productReviews: {
    title: "Avis du produit",
    counter: (current: number, total: number) => `${current}/${total}`,
    empty: "Aucun avis pour ce produit.",
  },
  deleteDialog: {
    title: "Supprimer le produit ?",
    description: (name: string) =>
      `Le produit « ${name} » sera supprimé, ainsi que les commandes qui lui sont liées. Cette action est irréversible.`,
    confirm: "Supprimer",
  },
  /** 'Supprimer' on a product that has reviews: it is archived instead, its published reviews stay public. */
  archiveInsteadDialog: {
    title: "Ce produit ne peut pas être supprimé",
    description: (name: string) =>
      `« ${name} » a des avis : archivez-le plutôt. Un avis publié ne disparaît jamais : archivé, le produit n'est plus actif, mais ses avis publiés restent visibles sous son nom.`,
    alreadyArchived: (name: string) =>
      `« ${name} » a des avis : un avis publié ne disparaît jamais. Le produit est déjà archivé ; ses avis publiés restent visibles sous son nom.`,
    archive: "Archiver",
    close: "Fermer",
  },
  empty: {
    title: "Aucun produit",
    description: "Créez votre premier produit pour commencer à collecter des avis.",
    noMatch: "Aucun produit trouvé",
    noMatchDescription: "Essayez une autre recherche ou un autre statut.",
  },
  limitBanner: {
    title: "Limite de produits atteinte",
    description: (n: number) =>
      `Votre abonnement permet ${countOf(n, "produit", "produits")}. Passez à un abonnement supérieur pour en ajouter.`,
    upgrade: "Changer d'abonnement",
  },
  toasts: {
    created: "Produit créé",
    updated: "Produit mis à jour",
    duplicated: "Produit dupliqué",
    deleted: "Produit supprimé",
    archived: "Produit archivé",
  },
  form: {
    newTitle: "Nouveau produit",
    editTitle: "Modifier le produit",
    sections: {
      info: "Informations du produit",
      email: "Envoi d'email",
      form: "Formulaire",
      reminder: "Relance en cas de non-réponse",
    },
    name: "Nom du produit",
    namePlaceholder: "Ex. : Chaussures de randonnée",
    sku: "Référence (SKU)",
    gtin: "Code GTIN (EAN)",
    gtinHint: "8, 12, 13 ou 14 chiffres, pour les étoiles dans Google Shopping.",
    brand: "Marque",
    url: "Page du produit sur votre boutique",
    urlPlaceholder: "https://",
    status: "Statut",
    image: "Image",
    requestTemplate: "Modèle d'e-mail de demande d'avis",
    requestDelay: "Délai d'envoi après la commande",
    /** Under the delay slider: the delay is the template's, shared by every product using it. */
    delayScope: (n: number) =>
      n < 2
        ? `Ce délai s'applique à ${countOf(n, "produit", "produits")} qui utilise ce modèle.`
        : `Ce délai s'applique aux ${countOf(n, "produit", "produits")} qui utilisent ce modèle.`,
    draftQuiet: "Brouillon : les commandes de ce produit sont enregistrées, sans e-mail de demande d'avis.",
    reviewForm: "Formulaire d'avis",
    followUp: "Activer la relance",
    followUpDescription: "Un rappel est envoyé si le client n'a pas encore donné son avis.",
    reminderTemplate: "Modèle de relance",
    reminderDelay: "Délai de relance",
    noTemplates: "Aucun modèle disponible",
    noForms: "Aucun formulaire disponible",
    preview: "Aperçu",
    previewSubject: "Objet",
    editLinked: "Modifier",
    create: "Créer le produit",
    save: "Enregistrer",
    cancel: "Annuler",
  },
} as const;
