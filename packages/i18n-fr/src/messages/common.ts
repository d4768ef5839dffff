import { countOf } from "../format/plural";

export const common = {
  /** Beside a count of reviews that includes pending and rejected ones: how many the widget shows. */
  publishedOf: (n: number) => `dont ${countOf(n, "publié", "publiés")}`,
  save: "Enregistrer",
  cancel: "Annuler",
  delete: "Supprimer",
  duplicate: "Dupliquer",
  edit: "Modifier",
  close: "Fermer",
  back: "Retour",
  continue: "Continuer",
  confirm: "Confirmer",
  retry: "Réessayer",
  search: "Rechercher",
  previous: "Précédent",
  next: "Suivant",
  preview: "Aperçu",
  copy: "Copier",
  copied: "Copié",
  loading: "Chargement…",
  comingSoon: "Bientôt disponible.",
  yes: "Oui",
  no: "Non",
  actions: "Actions",
  requiredMark: "*",
  optional: "(facultatif)",
  outOfFive: (rating: string) => `${rating}/5`,
  /** Defaults of the review normaliser (spec §3). */
  defaultAuthor: "Client",
  /** The author of a review erased at the buyer's request. */
  anonymousAuthor: "Anonyme",
  defaultProduct: "Produit",
  /** Titles of the legal pages linked from the public form footer (/cgu, /politique-confidentialite). */
  legal: {
    terms: "Conditions générales d'utilisation",
    privacy: "Politique de confidentialité",
  },
  unsavedChanges: {
    title: "Enregistrer ou quitter sans enregistrer",
    description:
      "Vous avez des modifications non enregistrées. Voulez-vous les enregistrer avant de quitter ?",
    leave: "Quitter sans enregistrer",
    save: "Enregistrer",
    beforeUnload: "Vous avez des modifications non enregistrées.",
  },
  weekdays: {
    monday: "Lun",
    tuesday: "Mar",
    wednesday: "Mer",
    thursday: "Jeu",
    friday: "Ven",
    saturday: "Sam",
    sunday: "Dim",
  },
} as const;
