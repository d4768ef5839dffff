/** The public form's answer rules of spec §5 (the rest of the answer texts: `answer-messages.ts`). */
export const publicFormValidation = {
  required: "Ce champ est obligatoire.",
  checkboxRequired: "Veuillez sélectionner une option.",
  email: "Veuillez saisir une adresse email valide.",
  numberBetween: (min: number, max: number) => `Le nombre doit être compris entre ${min} et ${max}.`,
  numberMin: (min: number) => `La valeur doit être supérieure ou égale à ${min}.`,
  numberMax: (max: number) => `La valeur doit être inférieure ou égale à ${max}.`,
  valueBetween: (min: number, max: number) => `La valeur doit être comprise entre ${min} et ${max}.`,
  wholeRating: "Choisissez une note entière.",
  filesTotalTooLarge: (mb: number) => `L'ensemble des fichiers d'un avis doit faire au plus ${mb} Mo.`,
} as const;
