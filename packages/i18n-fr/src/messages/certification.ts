import { plural } from "../format/plural";
/**
 * Certified reviews (French law L111-7-2, D111-17..19; NF ISO 20488): rejection reasons, replies,
 * withdrawal, history, the e-mails that tell authors and admins, and the per-company procedure page.
 */
export const certification = {
  /** Labels of the rejection reasons, as the procedure page lists them. */
  reasons: {
    abusive: "Propos injurieux, diffamatoires, discriminatoires ou contraires à la loi",
    personal_data: "Données personnelles (adresse, téléphone, e-mail…) ou contenu publicitaire",
    off_topic: "Avis sans rapport avec le produit ou la commande, ou incompréhensible",
    conflict_of_interest: "Soupçon de conflit d'intérêts",
    fake_suspected: "Soupçon de faux avis",
  },
  errors: {
    reasonRequired: "Choisissez le motif du rejet.",
    reasonUnknown: "Motif de rejet inconnu.",
    readOnly: "Cet avis a été retiré : il ne peut plus être modifié.",
    alreadyModerated: "Cet avis a déjà été modéré.",
    replyNotApproved: "Seul un avis publié peut recevoir une réponse.",
    replyRequired: "La réponse ne peut pas être vide.",
    replyTooLong: (max: number) => `La réponse ne peut pas dépasser ${max} caractères.`,
    reportRequired: "Indiquez la raison du signalement.",
    tooManyReports: (max: number) =>
      `Vous avez déjà signalé ${max} doutes en 24 heures. Réessayez plus tard.`,
    tooManyReplyChanges: (max: number) =>
      `La réponse à cet avis a déjà été modifiée ${max} fois en une heure. Réessayez plus tard.`,
    noReply: "Cet avis n'a pas de réponse.",
    withdrawalUnknown: "Ce lien de retrait est invalide.",
    companyUnknown: "Entreprise introuvable.",
  },
  /** The trail's event names (history dialog and CSV). */
  events: {
    submitted: "Avis déposé",
    approved: "Avis validé",
    rejected: "Avis rejeté",
    auto_published: "Publication automatique (délai de 30 jours atteint)",
    reply_published: "Réponse publiée",
    reply_edited: "Réponse modifiée",
    reply_deleted: "Réponse supprimée",
    withdrawn: "Retiré par l'auteur",
    reported: "Doute signalé",
    expired: "Retiré de l'affichage (5 ans après publication)",
    erasure: "Effacé à la demande de l'acheteur",
    flagged: "Signalé par les contrôles automatiques",
    contested: "Contesté par la boutique",
    public_report: "Signalé par un visiteur",
    kept: "Maintenu par Certavis",
    removed: "Retiré par Certavis",
    appealed: "Recours de l'auteur",
    appeal_upheld: "Recours examiné : décision maintenue par Certavis",
    appeal_overturned: "Recours accepté : décision annulée, avis republié par Certavis",
  },
  actors: {
    system: "Système",
    operator: "Opérateur Certavis",
    author: "Auteur de l'avis",
  },
  backoffice: {
    rejectTitle: "Rejeter l'avis",
    rejectDescription: "L'auteur sera informé du motif par e-mail.",
    reasonLabel: "Motif du rejet",
    reasonPlaceholder: "Choisir un motif",
    noteLabel: "Précision (facultative)",
    noteHint: "Envoyée telle quelle à l'auteur, dans l'e-mail qui lui annonce le rejet.",
    confirmReject: "Rejeter l'avis",
    cancel: "Annuler",
    autoPublishOn: (date: string) => `Publication automatique le ${date}`,
    rejectedFor: (label: string) => `Motif du rejet : ${label}`,
    readOnly: "Retiré par l'auteur : cet avis ne peut plus être modéré.",
    erasedReadOnly: "Effacé à la demande de l'acheteur : cet avis est retiré et son contenu supprimé.",
    expiredReadOnly: "Retiré de l'affichage 5 ans après sa publication.",
    replyTitle: "Réponse publique",
    replyPlaceholder: "Votre réponse, visible sous l'avis",
    replySave: "Publier la réponse",
    replyDelete: "Supprimer la réponse",
    replySaved: "Réponse publiée",
    replyDeleted: "Réponse supprimée",
    replyError: "Impossible d'enregistrer la réponse",
    reportDoubt: "Signaler un doute",
    reportDescription:
      "Le signalement est ajouté à l'historique de l'avis, avec votre nom ; il ne change pas son statut.",
    reportReasonLabel: "Raison du signalement",
    reportConfirm: "Signaler",
    reportError: "Impossible d'enregistrer le signalement",
    historyTitle: "Historique",
    historyEmpty: "Aucun événement.",
    exportAudit: "Exporter le journal (CSV)",
    awaitingReplyTitle: "Avis négatifs sans réponse",
    awaitingReplyDescription: "Notés 2/5 ou moins, publiés depuis plus de 5 jours",
    awaitingReplyEmpty: "Aucun avis négatif en attente de réponse.",
  },
  widget: {
    replyFrom: (company: string) => `Réponse de ${company}`,
  },
  mail: {
    rejectionSubject: (company: string) => `Votre avis sur ${company} n'a pas été publié`,
    rejectionBody: (first: string, product: string, company: string, reason: string) =>
      `Bonjour ${first},\n\nVotre avis sur « ${product} » n'a pas été publié par ${company}.\nMotif : ${reason}`,
    rejectionNote: (note: string) => `Précision : ${note}`,
    replySubject: (company: string) => `${company} a répondu à votre avis`,
    replyBody: (first: string, product: string, company: string, reply: string) =>
      `Bonjour ${first},\n\n${company} a répondu à votre avis sur « ${product} » :\n\n${reply}`,
    warningSubject: (count: number) =>
      `${count} avis ${plural(count, "sera publié", "seront publiés")} automatiquement dans 3 jours`,
    warningBody: (company: string) =>
      `Ces avis déposés sur ${company} n'ont pas été modérés. Sans décision de votre part, ils seront publiés automatiquement 30 jours après leur dépôt :`,
    warningLine: (author: string, product: string, date: string) =>
      `- ${author}, « ${product} » : publication le ${date}`,
    withdrawalLine: (url: string) => `Pour retirer votre avis à tout moment : ${url}`,
    invitationNotice: (company: string, product: string) =>
      `Cette invitation vous est envoyée par ${company} pour votre commande de « ${product} ». Votre avis sera publié avec votre prénom et l'initiale de votre nom uniquement, sur le site de ${company}. Aucune contrepartie n'est accordée en échange d'un avis.`,
    termsLine: (url: string) => `Conditions d'utilisation : ${url}`,
    unsubscribeLink: (company: string) => `Ne plus recevoir de demandes d'avis de ${company}`,
    procedureLine: (url: string) => `Comment les avis sont collectés et contrôlés : ${url}`,
  },
  procedure: {
    title: (company: string) => `Avis certifiés de ${company}`,
    heading: "Comment les avis sont-ils collectés et contrôlés ?",
    intro: (company: string) =>
      `Les avis affichés par ${company} sont des avis certifiés : seuls des clients ayant réellement passé commande peuvent en déposer un. Cette page décrit la procédure, conformément aux articles L111-7-2 et D111-17 du Code de la consommation.`,
    collectTitle: "Collecte",
    collect: (company: string) =>
      `Après chaque commande, ${company} envoie au client une invitation personnelle et à usage unique à donner son avis sur le produit acheté. Un avis ne peut être déposé qu'une seule fois par commande. Aucune contrepartie n'est accordée en échange d'un avis.`,
    moderationTitle: "Modération",
    moderation: (days: number) =>
      `Chaque avis est lu par l'entreprise, qui l'approuve ou le rejette ; les avis positifs et négatifs sont traités de la même façon. Un avis est publié ou rejeté au plus tard ${days} jours après son dépôt : sans décision de l'entreprise, il est publié automatiquement. Cette décision est définitive : un avis publié ne peut plus être rejeté, ni un avis rejeté être publié.`,
    reasonsTitle: "Motifs de rejet",
    reasonsIntro:
      "Un avis ne peut être rejeté que pour l'un de ces motifs, communiqué à son auteur par e-mail :",
    displayTitle: "Affichage",
    display:
      "Les avis sont classés du plus récent au plus ancien. Chaque avis indique sa date de publication et la date de l'expérience (la date de la commande). Seuls le prénom et l'initiale du nom de l'auteur sont affichés. L'entreprise peut publier une réponse sous un avis.",
    integrityTitle: "Aucune modification",
    integrity:
      "Ni l'entreprise ni Certavis ne peuvent modifier le texte ou la note d'un avis, ni retirer un avis publié, même quand le produit n'est plus vendu. Un avis publié ne quitte l'affichage que de trois façons : son auteur le retire, à tout moment, par le lien personnel reçu après son dépôt ; il demande l'effacement de ses données personnelles ; ou sa durée de conservation prend fin.",
    contactTitle: "Contact de l'auteur",
    contact:
      "L'auteur est informé par e-mail du rejet de son avis et de la réponse de l'entreprise ; ses coordonnées ne sont jamais publiées.",
    retentionTitle: "Conservation",
    retention: (years: number) =>
      `Les avis publiés restent consultables pendant ${years} ans au plus après leur publication, puis sont retirés.`,
    personalData: (days: number) =>
      `Les nom, prénom et adresse e-mail des clients qui n'ont pas déposé d'avis sont anonymisés ${days} jours après la commande. Un client peut à tout moment demander à l'entreprise l'effacement de ses données : ses avis sont alors retirés, leur contenu effacé, et il ne reçoit plus aucune demande d'avis.`,
    notFound: "Entreprise introuvable.",
  },
} as const;
