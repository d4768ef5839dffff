/** Review-form strings the French catalogue (`@certavis/i18n-fr`) does not have yet: to move to `fr.publicForm`. */
export const pendingPublicForm = {
  /** The page's heading while the form loads or cannot be shown (same words as the page title). */
  pageTitle: "Votre avis",
  /** The media picker when the field takes only photos, or only videos (`fr.publicForm.chooseMedia`: both). */
  choosePhotos: "Ajouter des photos",
  chooseVideos: "Ajouter des vidéos",
} as const;

/** Where shoppers write to (the contract has no company contact address yet). */
export const CONTACT_EMAIL = "contact@certavis.fr";
