import { moderationNotice } from "./moderation-notice";

/**
 * Who moderates (ARCHITECTURE §10.19–20): the two modes, the public reports ('Signaler'), the shop's
 * contests, the checks' findings, as the back-office, the widget and the public pages show them.
 */
export const moderation = {
  ...moderationNotice,
  rulesLink: "Règles de modération",
  awaitingOperator: "En attente d'un opérateur Certavis",
  removedByCertavis: "Retiré par Certavis",
  flagsTitle: "Contrôles automatiques",
  flags: {
    email: "Adresse e-mail dans le texte",
    phone: "Numéro de téléphone dans le texte",
    link: "Lien dans le texte",
    insult: "Insulte",
    duplicate: "Même texte déjà déposé pour une autre commande",
  },
  report: {
    ...moderationNotice.report,
    title: "Signaler cet avis",
    intro:
      "Cet avis vous semble illicite ou contraire aux règles de modération ? Dites-nous pourquoi : il sera examiné.",
    reasonLabel: "Motif",
    reasons: {
      illegal_content: "Contenu illicite",
      personal_data: "Données personnelles",
      not_real_experience: "Ne relate pas une expérience réelle",
      other: "Autre",
    },
    explanationLabel: "Explication",
    emailLabel: "Votre adresse e-mail (facultative, pour connaître la suite donnée)",
    send: "Envoyer le signalement",
    cancel: "Annuler",
    error: "Impossible d'envoyer le signalement",
  },
  contest: {
    action: "Contester cet avis",
    title: "Contester cet avis",
    description:
      "Un opérateur de Certavis examinera votre contestation. L'avis reste publié pendant l'examen.",
    reasonLabel: "Motif",
    reasonPlaceholder: "Choisir un motif",
    explanationLabel: "Explication",
    send: "Contester",
    sent: "Contestation envoyée",
    error: "Impossible d'envoyer la contestation",
    open: "Contestation en cours d'examen par Certavis",
    kept: "Contestation examinée : l'avis est maintenu",
    removed: "Contestation examinée : l'avis a été retiré",
  },
  settings: {
    title: "Modération des avis",
    description:
      "Choisissez qui modère vos avis. Confiée à Certavis, la modération est indépendante : vous répondez aux avis et pouvez en contester un, mais vous ne les validez ni ne les rejetez.",
    current: "Mode actuel",
    toCertavis: "Confier la modération à Certavis",
    toCertavisNote: "Effet immédiat.",
    toShop: "Reprendre la modération",
    toShopNote: "Effet 30 jours après la demande ; les deux dates sont publiques.",
    cancelToShop: "Garder la modération par Certavis",
    saved: "Mode de modération enregistré",
    error: "Impossible de changer le mode de modération",
  },
  shopReports: {
    title: "Signalements reçus",
    empty: "Aucun signalement.",
    open: "À traiter",
    closed: "Traité",
  },
} as const;
