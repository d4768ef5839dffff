import { fr } from "@certavis/i18n-fr";

/** French answers of the identity endpoints (spec strings come from the shared catalogue). */
export const IDENTITY_MSG = {
  invalidCredentials: fr.errors.login.invalidCredentials,
  emailTaken: "Un utilisateur avec cette adresse e-mail existe déjà.",
  invalidCode: fr.errors.verification.invalidCode,
  tooManyCodeAttempts: "Trop de tentatives. Demandez un nouveau code.",
  resendTooSoon: fr.errors.verification.throttled,
  alreadyConfirmed: "Votre adresse e-mail est déjà confirmée.",
  invalidResetToken: "Le lien de réinitialisation est invalide ou a expiré.",
  invalidEmailChangeToken: "Le lien de confirmation est invalide ou a expiré.",
  wrongCurrentPassword: "Le mot de passe actuel est incorrect.",
  wrongPassword: "Mot de passe incorrect.",
  ownerCannotLeave: "Vous êtes propriétaire d'une entreprise : supprimez-la avant de supprimer votre compte.",
  tooManyLogins: (minutes: number) =>
    `Trop de tentatives de connexion. Veuillez réessayer dans ${minutes} minute${minutes > 1 ? "s" : ""}.`,
} as const;
