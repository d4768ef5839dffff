/**
 * Widget strings the French catalogue (`@certavis/i18n-fr`) does not have yet: to move to `fr.widget`.
 * They are the notices French law asks next to published reviews (Code de la consommation L111-7-2, D111-17).
 */
export const pendingWidget = {
  certifiedNotice: "Avis certifiés : collectés après une commande, puis modérés",
  sortOrder: "Triés du plus récent au plus ancien",
  howItWorks: "Comment les avis sont-ils contrôlés ?",
  publishedOn: (date: string) => `Publié le ${date}`,
  experienceOn: (date: string) => `Commande du ${date}`,
  reviewsOf: (name: string) => `Avis sur ${name}`,
} as const;
