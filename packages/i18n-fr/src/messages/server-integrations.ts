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
  failed: "Commande non enregistrée après une journée d'essais (erreur du serveur).",
} as const;
