import { widgetErrors } from "./widget-errors";

/** Every toast and error message of spec §8, verbatim. */
export const errors = {
  title: "Erreur",
  requestFailed: "Request failed",
  noCompany: "Vous n'appartenez à aucune entreprise.",
  reviews: {
    approveFailed: "Impossible de valider l'avis",
    rejectFailed: "Impossible de rejeter l'avis",
    notFound: "Avis introuvable ou déjà mis à jour.",
    loadFailed: "Impossible de charger les avis.",
  },
  products: {
    updateFailed: "Impossible de mettre à jour le produit",
    formUpdateFailed: "Mise à jour impossible",
    formCreateFailed: "Création impossible",
    duplicateFailed: "Duplication impossible",
    deleteFailed: "Suppression impossible",
    loadFailed: "Impossible de charger les produits. Vérifiez votre connexion et vos identifiants.",
    limitTitle: "Limite atteinte",
    limitMessage: (n: number) => `Votre abonnement a atteint la limite de produits (${n} produits).`,
  },
  company: {
    updateFailed: "Impossible de mettre à jour l'entreprise",
    deleteFailed: "Suppression de l'entreprise impossible",
    regenerateKeyFailed: "Impossible de régénérer la clé API",
    leaveFailed: "Impossible de quitter l'entreprise",
    createFailed: "Impossible de créer l'entreprise",
  },
  team: {
    removeFailed: "Suppression impossible",
    roleUpdateFailed: "Mise à jour du rôle impossible",
    inviteFailed: "Impossible d'envoyer l'invitation",
    cancelInviteFailed: "Impossible d'annuler l'invitation",
    acceptRequestFailed: "Impossible d'accepter la demande",
    refuseRequestFailed: "Impossible de refuser la demande",
    sendRequestFailed: "Impossible d'envoyer la demande",
    cancelRequestFailed: "Impossible d'annuler la demande",
    acceptInvitationFailed: "Impossible d'accepter l'invitation",
    refuseInvitationFailed: "Impossible de refuser l'invitation",
    someInvitesFailed: "Impossible d'envoyer certaines invitations",
    /** The server's 403 when a role above the caller's own is granted (ARCHITECTURE §10.11). */
    roleAboveOwn: "Vous ne pouvez pas attribuer un rôle supérieur au vôtre.",
  },
  profile: {
    updateFailed: "Impossible de mettre à jour le profil",
    updateFailedShort: "Impossible de mettre à jour",
    passwordUpdateFailed: "Impossible de mettre à jour le mot de passe",
    deleteAccountFailed: "Suppression impossible",
  },
  subscription: {
    restricted: "Accès restreint",
    noActive: "Aucun abonnement actif",
    redirectFailed: "Redirection impossible",
    sessionUnavailable: "Session indisponible, Réessayez dans un instant ou contactez le support.",
    checkoutFailed: "Impossible de lancer la souscription",
    billingAddressRequired:
      "Indiquez l'adresse de facturation de l'entreprise avant de choisir une offre payante : elle figure sur chaque facture.",
    cancelFailed: "Annulation impossible",
    /** Spec §8; no longer shown: a lower plan is now scheduled from Abonnement for the period end. */
    downgradeContactSupport: "Contactez le support pour revenir au plan Lancement.",
    planChangeFailed: "Changement d'offre impossible",
    cancelChangeFailed: "Annulation du changement impossible",
    loadFailed: "Impossible de récupérer les informations d'abonnement.",
    retry: "Réessayer",
    invoicesLoadFailed: "Impossible de charger les factures. Réessayez plus tard.",
  },
  copyFailed: "Impossible de copier",
  forms: {
    saveFailed: "Impossible de sauvegarder le formulaire.",
    listLoadFailed: "Impossible de charger les formulaires",
  },
  templates: {
    listLoadFailed: "Impossible de charger les modèles d'emails",
  },
  login: {
    failed: "Échec de connexion",
    invalidCredentials: "Identifiants invalides",
  },
  register: {
    failed: "Impossible de créer le compte",
  },
  password: {
    forgotFailed: "Impossible d'envoyer le lien de réinitialisation.",
    resetFailed: "Impossible de réinitialiser le mot de passe.",
    invalidLink: "Lien invalide",
  },
  emailChange: {
    confirmFailed: "Impossible de confirmer le changement d'email.",
  },
  verification: {
    invalidCode: "Le code est invalide ou expiré.",
    throttled: "Veuillez attendre 1 minute avant de renvoyer un nouvel email.",
    resendFailed: "Impossible de renvoyer le code pour le moment.",
    userFetchFailed: "Impossible de récupérer vos informations. Merci de réessayer.",
  },
  publicForm: {
    missingKey: "Clé API manquante dans l'URL.",
    loadFailed: "Impossible de charger le formulaire.",
    submitFailed: "Une erreur est survenue. Veuillez réessayer.",
    sendFailed: "Impossible d’envoyer votre avis pour le moment.",
  },
  widget: widgetErrors,
  iframe: {
    incompleteConfig: "Configuration incomplète",
  },
} as const;
