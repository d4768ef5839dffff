/** Review-form strings the French catalogue (`@certavis/i18n-fr`) does not have yet: to move to `fr.publicForm`. */
export const pendingPublicForm = {
  removeFile: (name: string) => `Retirer ${name}`,
  uploadProgress: (percent: number) => `Envoi en cours… ${percent} %`,
  logoAlt: (company: string) => `Logo de ${company}`,
  requiredHint: "Les champs marqués d'un * sont obligatoires.",
} as const;

/** Where shoppers write to (the contract has no company contact address yet). */
export const CONTACT_EMAIL = "contact@certavis.fr";
