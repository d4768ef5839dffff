/** The widget's error messages (spec §8), a module of their own so the widget ships only these. */
export const widgetErrors = {
  missingCompanyId: "Paramètre company_id manquant dans l'URL.",
  loadFailed: "Impossible de charger les avis.",
  noCompany: "Connectez votre entreprise pour récupérer les avis publics.",
} as const;
