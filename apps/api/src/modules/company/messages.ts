import { errors } from "@certavis/i18n-fr/messages/errors";

/** French answers of the company and team operations (shown as toasts by the back-office). */
export const COMPANY_MESSAGES = {
  alreadyInCompany:
    "Vous appartenez déjà à une entreprise. Quittez-la avant d'en créer ou d'en rejoindre une autre.",
  unknownField: "Champ inconnu.",
  searchTooShort: "Saisissez au moins 2 caractères.",
} as const;

export const TEAM_MESSAGES = {
  ownerRoleFixed: "Le rôle du propriétaire ne peut pas être modifié.",
  ownRoleFixed: "Vous ne pouvez pas modifier votre propre rôle.",
  roleNotAllowed: "Choisissez le rôle Membre, Modérateur ou Administrateur.",
  roleAboveOwn: errors.team.roleAboveOwn,
  ownerCannotLeave:
    "Le propriétaire ne peut pas quitter l'entreprise ni en être retiré. Supprimez l'entreprise à la place.",
  alreadyMember: "Cette personne est déjà membre de l'entreprise.",
  alreadyInvited: "Une invitation est déjà en attente pour cet email.",
  invitationNotPending: "Cette invitation n'est plus en attente.",
  invitationExpired: "Cette invitation a expiré. Demandez-en une nouvelle.",
  confirmEmailToAccept:
    "Confirmez votre adresse e-mail pour accepter cette invitation, ou saisissez le code reçu par e-mail.",
  confirmEmailToAnswer: "Confirmez votre adresse e-mail pour répondre à cette invitation.",
  confirmEmailToRequest: "Confirmez votre adresse e-mail avant de demander à rejoindre une entreprise.",
  requestAlreadyPending: "Vous avez déjà une demande en attente pour cette entreprise.",
  requestNotPending: "Cette demande n'est plus en attente.",
  requesterHasCompany: "Cette personne a déjà rejoint une entreprise.",
} as const;
