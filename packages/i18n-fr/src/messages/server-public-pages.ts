import { formatAverage, formatCount } from "../format/number";
import { countOf } from "../format/plural";

/** The public review pages `/avis/{slug}` (server-rendered HTML). */
export const publicPages = {
  title: (name: string) => `Avis clients de ${name} : avis vérifiés`,
  productTitle: (product: string, company: string) => `Avis sur ${product} (${company}) : avis vérifiés`,
  description: (name: string, average: number | null, count: number) =>
    count > 0
      ? `${name} : note moyenne de ${formatAverage(average)}/5 sur ${formatCount(count)} avis clients vérifiés, collectés après commande par Certavis.`
      : `${name} : avis clients vérifiés, collectés après commande par Certavis.`,
  heading: (name: string) => `Avis clients de ${name}`,
  /** The company page's switch between the shop's own reviews and its products' (no script: links). */
  views: "Avis sur",
  storeView: "Boutique",
  productsView: "Produits",
  storeIntro: (name: string) => `Ce que les clients pensent de ${name} : commande, livraison, service.`,
  productHeading: (product: string) => `Avis sur ${product}`,
  reviewTitle: (author: string, product: string, company: string) =>
    `Avis de ${author} sur ${product} · ${company}`,
  reviewDescription: (author: string, rating: string, product: string) =>
    `Avis vérifié de ${author}, ${rating} sur 5, sur ${product} : collecté après commande par Certavis.`,
  website: "Site de l'entreprise",
  allReviews: (name: string) => `Tous les avis de ${name}`,
  distribution: "Répartition des notes",
  starsRow: (stars: number) => countOf(stars, "étoile", "étoiles"),
  filterBy: (stars: number) => `Voir les avis ${countOf(stars, "étoile", "étoiles")}`,
  filtered: (stars: number) => `Avis ${countOf(stars, "étoile", "étoiles")} seulement`,
  clearFilter: "Voir tous les avis",
  ratingOutOfFive: (rating: string) => `${rating} sur 5`,
  averageLabel: (average: string, count: string) => `Note moyenne ${average} sur 5, ${count} avis`,
  product: (name: string) => `Produit : ${name}`,
  pagination: "Pages d'avis",
  previousPage: "Page précédente",
  nextPage: "Page suivante",
  pageOf: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  badge: {
    heading: "Avis vérifiés",
    brand: "Certavis",
    count: (count: number) => `${formatCount(count)} avis`,
    none: "Aucun avis",
    title: (name: string, average: number | null, count: number) =>
      count > 0
        ? `${name} : ${formatAverage(average)} sur 5, ${formatCount(count)} avis vérifiés par Certavis`
        : `${name} : avis vérifiés par Certavis`,
  },
  notFoundTitle: "Page introuvable",
  notFound: "Cette page d'avis n'existe pas ou n'est plus publiée.",
} as const;
