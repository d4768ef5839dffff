import { publicFormValidation } from "./public-form-validation";

/** Validation messages of spec §5 (the domain's rules report codes; `domainText` renders them). */
export const validation = {
  required: "Ce champ est requis.",
  invalidEmailTitle: "Email invalide",
  invalidEmail: "Veuillez saisir un email valide",
  duplicateInvite: "Cet e-mail est déjà dans la liste des invitations.",
  passwordRequiredTitle: "Mot de passe requis",
  passwordRequired: "Indiquez votre mot de passe actuel.",
  passwordTooShortTitle: "Mot de passe trop court",
  passwordTooShort: "Utilisez au moins 8 caractères.",
  confirmationTitle: "Confirmation invalide",
  confirmation: "Les mots de passe ne correspondent pas.",
  missingVariableTitle: "Variable manquante",
  missingVariable: "Le contenu doit inclure la variable {{ url_avis }}.",
  fieldEmpty: "Ce champ ne peut être vide.",
  invalidValue: "Valeur invalide.",
  minTwoFields: "Ajoutez au moins deux champs au formulaire.",
  oneRequiredField: "Marquez au moins un champ comme requis.",
  productNameRequired: "Le nom du produit est requis.",
  gtinInvalid: "Code GTIN invalide.",
  productUrlInvalid: "Indiquez l'adresse http(s) de la page du produit sur votre boutique.",
  companyNameRequired: "Le nom de l'entreprise est requis.",
  codeLength: "Le code doit contenir 6 caractères.",
  selectValueRequired: "Veuillez choisir une valeur.",
  /** A NUL character or a lone UTF-16 surrogate: text no database or e-mail can hold. */
  invalidCharacter: "Ce texte contient un caractère non autorisé.",
  publicForm: publicFormValidation,
} as const;
