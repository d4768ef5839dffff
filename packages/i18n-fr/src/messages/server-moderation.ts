/**
 * The server's texts of moderation (ARCHITECTURE §10.19–20): its answers, the statement of reasons and
 * the reporter's e-mail, the public pages `/regles-de-moderation`, 'Signaler' and the appeal.
 */
export const serverModeration = {
  errors: {
    shopCannotModerate:
      "Les avis de cette boutique sont modérés par Certavis (modération indépendante) : la boutique ne peut ni valider ni rejeter un avis. Vous pouvez y répondre ou le contester.",
    unchanged: "Ce mode de modération est déjà celui de votre entreprise.",
    contestShopMode:
      "Seules les boutiques dont la modération est confiée à Certavis contestent un avis : en modération par la boutique, vous le validez ou le rejetez vous-même.",
    contestNotPublished: "Seul un avis publié peut être contesté.",
    contestOpen: "Une contestation de cet avis est déjà en cours d'examen.",
    explanationRequired: "Expliquez votre demande.",
    reportThrottled: "Trop de signalements envoyés depuis votre connexion. Réessayez dans une heure.",
    appealInvalid: "Ce lien de recours est invalide.",
    appealAlready: "Un recours a déjà été formé contre cette décision.",
    invalidEmail: "Saisissez une adresse e-mail valide, ou laissez le champ vide.",
    appealDecided: "Ce recours a déjà été examiné.",
    appealAction: "Un recours se tranche en maintenant ou en annulant la décision.",
  },
  reportReceived:
    "Merci : votre signalement a bien été reçu. Il sera examiné, et l'avis reste affiché pendant l'examen.",
  appealReceived:
    "Votre recours a bien été reçu : un opérateur de Certavis réexaminera la décision et vous écrira.",
  rules: {
    title: "Règles de modération des avis",
    intro:
      "Un avis déposé sur Certavis n'est rejeté, ou retiré après sa publication, que pour l'un des motifs ci-dessous. Son auteur reçoit alors par e-mail l'exposé des motifs de la décision et peut en demander une fois le réexamen par un opérateur de Certavis. Ni la boutique ni Certavis ne modifient le texte ou la note d'un avis.",
    covers: {
      abusive:
        "Insultes, propos diffamatoires, haineux, discriminatoires ou menaçants, et tout contenu contraire à la loi, qu'il vise une personne, l'entreprise ou un groupe.",
      personal_data:
        "Coordonnées (adresse e-mail, numéro de téléphone, adresse postale), nom complet d'un tiers, liens, contenus publicitaires ou promotionnels.",
      off_topic:
        "Avis sans rapport avec le produit, la commande ou l'expérience d'achat, texte incompréhensible ou sans contenu.",
      conflict_of_interest:
        "Avis écrit par l'entreprise, l'un de ses salariés ou proches, un concurrent, ou en échange d'une contrepartie.",
      fake_suspected:
        "Avis qui ne relate pas une expérience réelle : texte copié d'un autre avis, commande fictive, avis multiples d'une même personne.",
    },
    automatedTitle: "Contrôles automatiques",
    automated:
      "Quand la modération est confiée à Certavis, chaque nouvel avis est contrôlé automatiquement : adresse e-mail, numéro de téléphone ou lien dans le texte, insultes, texte déjà déposé pour une autre commande de la même boutique. Un avis sans alerte est publié aussitôt ; un avis signalé attend la décision d'un opérateur de Certavis, et il est publié au plus tard 30 jours après son dépôt si aucune décision n'est prise. Les contrôles automatiques ne rejettent jamais un avis seuls.",
    reportTitle: "Signaler un avis",
    report:
      "Chacun peut signaler un avis publié par le lien « Signaler » affiché sous l'avis, pour l'un de ces motifs :",
    appealTitle: "Recours",
    appeal:
      "L'auteur d'un avis rejeté ou retiré peut demander une fois le réexamen de la décision, par le lien reçu dans l'e-mail qui la lui expose. Le réexamen est fait par un opérateur de Certavis.",
  },
  reportPage: {
    title: "Signaler un avis",
    received: "Signalement reçu",
    back: "Retour aux avis",
  },
  appealPage: {
    title: "Demander le réexamen d'une décision",
    rule: (label: string) => `Règle appliquée : ${label}`,
    decision: {
      rejected: "Votre avis n'a pas été publié.",
      removed: "Votre avis a été retiré de la publication.",
    },
    explanationLabel: "Pourquoi la décision devrait-elle être réexaminée ?",
    send: "Envoyer le recours",
    already:
      "Un recours a déjà été formé contre cette décision : un opérateur de Certavis l'examine ou l'a examiné.",
    received: "Recours reçu",
  },
  mail: {
    removalSubject: (company: string) => `Votre avis sur ${company} a été retiré`,
    /** Who rejected, in a statement of reasons, when it was not the shop. */
    certavis: "Certavis",
    removalBody: (first: string, product: string, reason: string) =>
      `Bonjour ${first},\n\nVotre avis sur « ${product} » a été retiré de la publication par Certavis.\nMotif : ${reason}`,
    decision: {
      rejected: "Décision : votre avis n'est pas publié.",
      removed: "Décision : votre avis a été retiré de la publication.",
    },
    facts: (facts: string) => `Faits : ${facts}`,
    rule: (label: string, url: string) => `Règle appliquée : ${label} (${url})`,
    automated: {
      yes: "Des moyens automatisés ont été utilisés : les contrôles automatiques de Certavis ont signalé cet avis.",
      no: "Aucun moyen automatisé n'a été utilisé pour cette décision.",
    },
    decidedBy: {
      shop: (company: string) => `Décision prise par ${company}.`,
      operator: "Décision prise par un opérateur de Certavis.",
      automatic: "Décision prise automatiquement.",
    },
    appeal: (url: string) =>
      `Pour demander une fois le réexamen de cette décision par un opérateur de Certavis : ${url}`,
    reportSubject: "Suite donnée à votre signalement",
    reportOutcome: {
      kept: (company: string) =>
        `Bonjour,\n\nNous avons examiné l'avis sur ${company} que vous avez signalé. Il ne contrevient pas aux règles de modération : il reste publié.`,
      removed: (company: string) =>
        `Bonjour,\n\nNous avons examiné l'avis sur ${company} que vous avez signalé : il a été retiré de la publication.`,
    },
    rulesLine: (url: string) => `Règles de modération : ${url}`,
    appealSubject: (company: string) => `Votre recours sur votre avis sur ${company}`,
    appealOutcome: {
      overturned: (first: string, product: string) =>
        `Bonjour ${first},\n\nUn opérateur de Certavis a réexaminé la décision prise sur votre avis sur « ${product} » : elle est annulée. Votre avis est de nouveau publié.`,
      upheld: (first: string, product: string, decision: "rejected" | "removed") =>
        `Bonjour ${first},\n\nUn opérateur de Certavis a réexaminé la décision prise sur votre avis sur « ${product} » : elle est maintenue. ${decision === "removed" ? "Votre avis reste retiré de la publication." : "Votre avis reste non publié."}`,
    },
    appealFinal:
      "Ce réexamen clôt votre recours auprès de Certavis. Vous pouvez encore vous adresser à un organe de règlement extrajudiciaire des litiges certifié ou à la justice.",
  },
  facts: {
    shopRejection: "L'avis a été lu par la boutique, qui a refusé de le publier.",
    flagged: (findings: string) => `Les contrôles automatiques ont relevé : ${findings}.`,
    contested: (reason: string, explanation: string) =>
      `La boutique a contesté cet avis (motif : ${reason}) : « ${explanation} ».`,
    reported: (reason: string) => `Un visiteur a signalé cet avis (motif : ${reason}).`,
    examined: "L'avis a été examiné par un opérateur de Certavis.",
    appealed: (explanation: string) => `L'auteur a demandé le réexamen de la décision : « ${explanation} ».`,
  },
} as const;
