import { countOf } from "../format/plural";
export const publicForm = {
  /** The page heading while the form loads or cannot be shown (same words as the page title). */
  pageTitle: "Votre avis",
  submit: "Envoyer mon avis",
  sending: "Envoi en cours…",
  pitch: "Donnez votre avis en 3 minutes environ.",
  /** The template editor's test e-mail opens the form as a preview. */
  preview: "Aperçu : voici le formulaire que verront vos acheteurs. Rien n'est envoyé depuis cet aperçu.",
  purchasedProduct: "Produit acheté",
  previous: "Précédent",
  next: "Suivant",
  page: (current: number, total: number) => `Page ${current} sur ${total}`,
  requiredMark: "*",
  selectPlaceholder: "Sélectionnez une option",
  chooseFile: "Choisir un fichier",
  chooseMedia: "Ajouter des photos ou des vidéos",
  choosePhotos: "Ajouter des photos",
  chooseVideos: "Ajouter des vidéos",
  maxSize: (megabytes: number) => `Taille maximale : ${megabytes} Mo`,
  requiredHint: "Les champs marqués d'un * sont obligatoires.",
  logoAlt: (company: string) => `Logo de ${company}`,
  orderOf: (date: string) => `Commande du ${date}`,
  files: {
    remove: (name: string) => `Retirer ${name}`,
    tooBig: (name: string, megabytes: number) => `${name} dépasse la taille maximale de ${megabytes} Mo.`,
    tooMany: (count: number) => `Vous pouvez ajouter ${countOf(count, "fichier", "fichiers")} au maximum.`,
    typeRefused: (name: string) => `${name} : ce type de fichier n'est pas accepté.`,
    uploadProgress: (percent: number) => `Envoi en cours… ${percent} %`,
  },
  ratingValue: (value: string, max: number) => `${value} sur ${max}`,
  /** The question about the shop itself, asked before the product ('Avis sur la boutique'). */
  store: {
    heading: "Avis sur la boutique",
    question: (shop: string) => `Votre expérience avec ${shop}`,
    intro: "Commande, livraison, service : notez la boutique elle-même, de 1 à 5 étoiles.",
    title: "Titre (facultatif)",
    comment: "Commentaire (facultatif)",
    submit: "Envoyer mon avis sur la boutique",
    done: "Merci ! Votre avis sur la boutique est enregistré. Il sera publié après vérification.",
    failed: "Impossible d'envoyer votre avis sur la boutique pour le moment.",
    productHeading: "Votre avis sur le produit",
  },
  /** The order's other products, each with its own form. */
  otherProducts: {
    heading: "Les autres produits de votre commande",
    link: (product: string) => `Donner mon avis sur ${product}`,
  },
  thanks: {
    title: "Merci pour votre avis !",
    description: "Votre avis a bien été enregistré. Il sera publié après vérification.",
    backToShop: (company: string) => `Retourner sur le site de ${company}`,
  },
  footer: {
    officialSite: "Site officiel",
    terms: "Conditions générales d'utilisation",
    privacy: "Politique de confidentialité",
    contact: "Nous contacter",
  },
  /** The author's withdrawal page (`/create-reviews/retrait?token=`). */
  withdrawal: {
    title: "Retirer mon avis",
    intro: "Vous pouvez retirer votre avis à tout moment : il ne sera plus affiché nulle part.",
    yourReview: (product: string, company: string) => `Votre avis sur « ${product} » (${company})`,
    confirm: "Retirer mon avis",
    done: "Votre avis a été retiré.",
    missingToken: "Lien de retrait incomplet.",
    loadError: "Impossible de charger votre avis.",
    submitError: "Impossible de retirer votre avis pour le moment.",
  },
} as const;
