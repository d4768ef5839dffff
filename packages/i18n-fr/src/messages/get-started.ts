/** The dashboard's guided start ('Premiers pas') and the link to the API's reference. */
export const getStarted = {
  title: "Premiers pas",
  description: "Cinq étapes pour recevoir vos premiers avis certifiés.",
  progress: (done: number, total: number) =>
    `${done} étape${done > 1 ? "s" : ""} sur ${total} terminée${done > 1 ? "s" : ""}`,
  done: "terminé",
  todo: "à faire",
  steps: {
    product: { label: "Créer un produit", hint: "Le produit sur lequel vos clients donneront leur avis." },
    shop: {
      label: "Connecter votre boutique",
      hint: "Une intégration, votre clé API ou un import CSV de vos commandes.",
    },
    email_template: {
      label: "Personnaliser l'e-mail de demande",
      hint: "Le message que vos clients reçoivent après leur commande.",
    },
    widget: {
      label: "Afficher les avis sur votre site",
      hint: "Le widget à coller dans les pages de votre site.",
    },
    first_review: { label: "Recevoir votre premier avis", hint: "Il arrive après la première commande." },
  },
  hide: "Masquer",
  hideTitle: "Masquer les premiers pas ?",
  hideDescription: "Ce guide ne s'affichera plus pour votre entreprise, même si des étapes restent à faire.",
  hideFailed: "Impossible de masquer les premiers pas",
  apiDocs: "Documentation de l'API",
  apiDocsHint: "(nouvel onglet)",
} as const;
