import { formatCount } from "../format/number";
import { widgetTitle } from "./widget-title";

export const widget = {
  title: widgetTitle,
  allProducts: "Tous nos produits",
  reviewsCount: (n: number) => `${formatCount(n)} avis`,
  averageOutOfFive: (average: string) => `${average}/5`,
  readMore: "Lire plus",
  noComment: "Cet avis ne contient pas de commentaire.",
  empty: "Aucun avis pour le moment.",
  verified: "Avis vérifié",
  close: "Fermer",
  previous: "Avis précédent",
  next: "Avis suivant",
  poweredBy: "Avis certifiés par Certavis",
  reviewsOf: (name: string) => `Avis sur ${name}`,
  publishedOn: (date: string) => `Publié le ${date}`,
  experienceOn: (date: string) => `Commande du ${date}`,
  companyReply: "Réponse de l'entreprise",
  photo: (n: number, author: string) => `Photo ${n} de l'avis de ${author}`,
  openPhoto: (n: number, author: string) => `Agrandir la photo ${n} de l'avis de ${author}`,
  /** Notices French law asks next to published reviews (Code de la consommation L111-7-2, D111-17). */
  legal: {
    certifiedNotice: "Avis certifiés : collectés après une commande, puis modérés",
    sortOrder: "Triés du plus récent au plus ancien",
    howItWorks: "Comment les avis sont-ils contrôlés ?",
  },
} as const;
