export const dashboard = {
  title: "Tableau de bord",
  subtitle: "Vue d'ensemble de vos avis et de vos commandes",
  loadFailed: "Impossible de charger le tableau de bord.",
  cards: {
    averageRating: "Note moyenne",
    /** The shop's own rating (store reviews), beside the products' average. */
    storeRating: "Note de la boutique",
    storeReviews: (count: number) =>
      count === 1 ? "1 avis sur la boutique" : `${count} avis sur la boutique`,
    totalReviews: "Total avis",
    growthRate: "Taux de croissance",
    lastReview: "Dernier avis",
    bounceRate: "Adresses en échec (30 jours)",
  },
  activity: {
    title: "Activité des avis",
    description: "Avis et commandes des 7 derniers jours",
    reviews: "avis",
    orders: "commandes",
  },
  recent: {
    title: "Avis récents",
    seeAll: "Voir tout",
    empty: "Aucun avis pour le moment.",
  },
} as const;
