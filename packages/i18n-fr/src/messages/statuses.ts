export const statuses = {
  review: {
    approved: "Approuvé",
    pending: "En attente",
    rejected: "Rejeté",
    withdrawn: "Retiré par l'auteur",
    expired: "Expiré",
    verified: "Vérifié",
  },
  product: {
    active: "Actif",
    draft: "Brouillon",
    archived: "Archivé",
  },
  subscription: {
    active: "Actif",
    trialing: "En période d'essai",
    past_due: "Paiement en retard",
    canceled: "Annulé",
    unpaid: "Impayé",
    incomplete: "Incomplet",
    incomplete_expired: "Incomplet expiré",
  },
} as const;
