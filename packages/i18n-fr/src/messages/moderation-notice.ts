/**
 * Who moderates, as the widget shows it beside the reviews, and its 'Signaler' link: the part of
 * `moderation` the widget loads (the rest stays out of its bundle).
 */
export const moderationNotice = {
  byCertavis: "Modération indépendante par Certavis",
  byShop: "Avis modérés par la boutique selon la procédure Certavis",
  since: (date: string) => `depuis le ${date}`,
  pendingToShop: (requested: string, effective: string) =>
    `Retour à la modération par la boutique demandé le ${requested}, effectif le ${effective}`,
  departed: (date: string) => `Cette boutique n'utilise plus Certavis depuis le ${date}`,
  report: { action: "Signaler" },
} as const;
