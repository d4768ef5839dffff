/** The shop-like request and reminder e-mails (their HTML part) and the review alerts to the company. */
export const shopMail = {
  /** The button under each product (also the text of the review link in the template's body). */
  button: "Donner mon avis",
  /** The store question's card, before the products ('Avis sur la boutique'). */
  storeQuestion: (shop: string) => `Votre expérience avec ${shop}`,
  storeButton: "Noter la boutique",
  /** The store question in the text part, before the products. */
  storeLine: (question: string, url: string) => `${question} : ${url}`,
  /** The title and accessible name of the n-th star link. */
  starLink: (n: number) => (n === 1 ? "1 étoile sur 5" : `${n} étoiles sur 5`),
  starsPrompt: "Votre note :",
} as const;

const ratingFormat = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });
/** A review's rating out of 5: 1.5 → '1,5/5'. */
const rating = (value: number) => `${ratingFormat.format(value)}/5`;

/** The e-mails to the company's staff about its new reviews (Utilisateur › 'Alertes par e-mail'). */
export const reviewAlerts = {
  negativeSubject: (product: string, value: number) =>
    `Nouvel avis négatif (${rating(value)}) sur ${product}`,
  negativeIntro: (company: string) => `Un acheteur vient de laisser un avis négatif à ${company} :`,
  digestSubject: (count: number) =>
    count === 1
      ? "Votre nouvel avis du jour sur Certavis"
      : `Vos ${count} nouveaux avis du jour sur Certavis`,
  digestIntro: (company: string, count: number) =>
    count === 1
      ? `${company} a reçu 1 nouvel avis depuis le dernier récapitulatif :`
      : `${company} a reçu ${count} nouveaux avis depuis le dernier récapitulatif :`,
  reviewLine: (product: string, value: number, author: string, excerpt: string) =>
    `${product} — ${rating(value)} — ${author}${excerpt ? ` : « ${excerpt} »` : ""}`,
  moreLine: (count: number) => (count === 1 ? "… et 1 autre avis." : `… et ${count} autres avis.`),
  moderate: "Pour les lire et les modérer, ouvrez :",
  settings:
    "Vous pouvez choisir les alertes que vous recevez dans Paramètres › Utilisateur › 'Alertes par e-mail'.",
} as const;
