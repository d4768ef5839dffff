/** The signed-in frame. The guards' loading text is `common.loading` ('Chargement…'). */
export const shell = {
  nav: {
    label: "Navigation principale",
    dashboard: "Tableau de bord",
    reviews: "Avis",
    products: "Produits",
    orders: "Commandes",
    templates: "Modèles Email",
    forms: "Formulaires",
    iframe: "Iframe",
  },
  toggleSidebar: "Afficher ou masquer le menu",
  openMenu: "Ouvrir le menu",
  account: "Compte",
  myAccount: "Mon compte",
  settings: "Paramètres",
  logout: "Se déconnecter",
  pendingRequests: "Demandes d'adhésion en attente",
  notifications: "Notifications",
  appError: "Unexpected Application Error!",
  notFound: {
    title: "Page introuvable",
    description: "La page que vous cherchez n'existe pas ou a été déplacée.",
    backHome: "Retour à l'accueil",
  },
} as const;
