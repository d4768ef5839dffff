/** The shop-like request and reminder e-mails (their HTML part) and the review alerts to the company. */
export const shopMail = {
  /** The button under each product (also the text of the review link in the template's body). */
  button: "Donner mon avis",
  /** The title and accessible name of the n-th star link. */
  starLink: (n: number) => (n === 1 ? "1 étoile sur 5" : `${n} étoiles sur 5`),
  starsPrompt: "Votre note :",
} as const;

/** The e-mails to the company's staff about its new reviews (Utilisateur › 'Alertes par e-mail'). */
export const reviewAlerts = {
  negativeSubject: (product: string, rating: string) => `Nouvel avis négatif (${rating}/5) sur ${product}`,
  negativeIntro: (company: string) => `Un acheteur vient de laisser un avis négatif à ${company} :`,
  digestSubject: (count: number) =>
    count === 1
      ? "Votre nouvel avis du jour sur Certavis"
      : `Vos ${count} nouveaux avis du jour sur Certavis`,
  digestIntro: (company: string, count: number) =>
    count === 1
      ? `${company} a reçu 1 nouvel avis depuis le dernier récapitulatif :`
      : `${company} a reçu ${count} nouveaux avis depuis le dernier récapitulatif :`,
  reviewLine: (product: string, rating: string, author: string, excerpt: string) =>
    `${product} — ${rating}/5 — ${author}${excerpt ? ` : « ${excerpt} »` : ""}`,
  moreLine: (count: number) => (count === 1 ? "… et 1 autre avis." : `… et ${count} autres avis.`),
  moderate: "Pour les lire et les modérer, ouvrez :",
  settings:
    "Vous pouvez choisir les alertes que vous recevez dans Paramètres › Utilisateur › 'Alertes par e-mail'.",
} as const;
