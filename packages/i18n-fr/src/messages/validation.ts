const s = (n: number) => (n > 1 ? "s" : "");

/** Validation messages of spec §5 (the domain's validators report codes; `domainText` gives these texts). */
export const validation = {
  required: "Ce champ est requis.",
  invalidEmailTitle: "Email invalide",
  invalidEmail: "Veuillez saisir un email valide",
  duplicateInvite: "Cet email est déjà dans la liste des invitations.",
  passwordRequiredTitle: "Mot de passe requis",
  passwordRequired: "Indiquez votre mot de passe actuel.",
  passwordTooShortTitle: "Mot de passe trop court",
  passwordTooShort: "Utilisez au moins 8 caractères.",
  confirmationTitle: "Confirmation invalide",
  confirmation: "Les mots de passe ne correspondent pas.",
  missingVariableTitle: "Variable manquante",
  missingVariable: "Le contenu doit inclure la variable {{ url_avis }}.",
  fieldEmpty: "Ce champ ne peut être vide.",
  minTwoFields: "Ajoutez au moins deux champs au formulaire.",
  oneRequiredField: "Marquez au moins un champ comme requis.",
  productNameRequired: "Le nom du produit est requis.",
  companyNameRequired: "Le nom de l'entreprise est requis.",
  codeLength: "Le code doit contenir 6 caractères.",
  selectValueRequired: "Veuillez choisir une valeur.",
  /** A NUL character or a lone UTF-16 surrogate: text no database or e-mail can hold. */
  invalidCharacter: "Ce texte contient un caractère non autorisé.",
  publicForm: {
    required: "Ce champ est obligatoire.",
    checkboxRequired: "Veuillez sélectionner une option.",
    email: "Veuillez saisir une adresse email valide.",
    numberBetween: (min: number, max: number) => `Le nombre doit être compris entre ${min} et ${max}.`,
    numberMin: (min: number) => `La valeur doit être supérieure ou égale à ${min}.`,
    numberMax: (max: number) => `La valeur doit être inférieure ou égale à ${max}.`,
    valueBetween: (min: number, max: number) => `La valeur doit être comprise entre ${min} et ${max}.`,
    notANumber: "Veuillez saisir un nombre valide.",
    notText: "Veuillez saisir du texte.",
    minLength: (n: number) => `Veuillez saisir au moins ${n} caractère${s(n)}.`,
    maxLength: (n: number) => `Veuillez saisir au plus ${n} caractère${s(n)}.`,
    invalidOption: "Veuillez choisir une option proposée.",
    tooManyFiles: (n: number) => `Vous pouvez envoyer au plus ${n} fichier${s(n)}.`,
    fileTooLarge: (mb: number) => `Chaque fichier doit faire au plus ${mb} Mo.`,
    fileTypeNotAllowed: "Ce type de fichier n'est pas autorisé.",
    unknownFields: (ids: readonly string[]) =>
      ids.length > 1
        ? `Réponses à des champs inconnus : ${ids.join(", ")}.`
        : `Réponse à un champ inconnu : ${ids[0] ?? ""}.`,
    filesTotalTooLarge: (mb: number) => `L'ensemble des fichiers d'un avis doit faire au plus ${mb} Mo.`,
  },
} as const;
