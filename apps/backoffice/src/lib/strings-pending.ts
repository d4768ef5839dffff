// Strings missing from @certavis/i18n-fr. The i18n owner moves them into the catalogue; then they go from here.
export const pending = {
  comingSoon: "Bientôt disponible.",
  legalTerms: "Conditions générales d'utilisation",
  legalPrivacy: "Politique de confidentialité",
  register: {
    join: "Rejoindre",
    createAccount: "Créer mon compte",
    plansLoadFailed: "Impossible de récupérer les informations d'abonnement.",
  },
  verify: {
    backToLoginSignOut: "Se déconnecter",
  },
  setup: {
    current: "Plan actuel",
    choose: "Choisir ce plan",
  },
  reviews: {
    loadFailed: "Impossible de charger les avis.",
    position: (index: number, total: number) => `Avis ${index} sur ${total}`,
    noComment: "Pas de commentaire.",
  },
} as const;
