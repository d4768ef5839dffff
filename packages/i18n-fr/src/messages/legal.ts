/**
 * The legal pages linked from every buyer e-mail and review form (/cgu, /politique-confidentialite).
 * A module of its own: only their lazily loaded screen carries these texts.
 */

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalPage {
  title: string;
  intro: string;
  updated: string;
  sections: readonly LegalSection[];
}

/** Where anyone writes to Certavis (the processor). */
export const CERTAVIS_CONTACT = "contact@certavis.fr";

const updated = "Dernière mise à jour : 24 novembre 2026.";

const privacy: LegalPage = {
  title: "Politique de confidentialité",
  intro:
    "Cette page explique comment les données des acheteurs invités à donner leur avis sont traitées lorsqu'une boutique utilise Certavis pour collecter et publier des avis vérifiés.",
  updated,
  sections: [
    {
      heading: "Qui traite vos données",
      paragraphs: [
        "Responsable du traitement : la boutique auprès de laquelle vous avez passé commande. C'est elle qui nous transmet votre commande, choisit les e-mails envoyés et modère les avis. Son nom figure dans l'e-mail reçu et en haut du formulaire d'avis.",
        `Sous-traitant : Certavis, qui héberge le service, envoie les e-mails au nom de la boutique et conserve les avis pour son compte, selon ses instructions et le règlement général sur la protection des données (RGPD). Contact : ${CERTAVIS_CONTACT}.`,
      ],
    },
    {
      heading: "Les données collectées",
      paragraphs: [
        "Votre commande : prénom, nom, adresse e-mail, référence et date de la commande, produits achetés.",
        "Votre avis, si vous en déposez un : note, titre, commentaire, réponses aux questions du formulaire, photos ou vidéos ajoutées (leurs métadonnées, dont la position, sont retirées des photos et des vidéos MP4 et MOV), date de dépôt.",
        "Les échanges liés à l'avis : réponse de la boutique, décisions de modération et leurs motifs, demandes de retrait.",
      ],
    },
    {
      heading: "Pourquoi",
      paragraphs: [
        "Vous inviter à donner votre avis sur les produits achetés, puis vous relancer une fois au plus : intérêt légitime de la boutique à connaître l'avis de ses clients. Chaque e-mail contient un lien de désinscription en un clic.",
        "Publier les avis vérifiés (prénom et initiale du nom, note, textes, photos) sur le site de la boutique et ses pages d'avis, et prouver qu'ils proviennent d'un achat réel, comme l'exige le Code de la consommation (articles L111-7-2 et D111-17 à D111-19).",
        "Vous informer des suites données à votre avis (publication, refus et son motif, réponse de la boutique).",
      ],
    },
    {
      heading: "Combien de temps",
      paragraphs: [
        "Une commande sans avis : vos nom, prénom et adresse e-mail sont anonymisés 365 jours après la commande (durée par défaut du service).",
        "Un avis publié reste en ligne tant qu'il est publié, et au plus 5 ans ; il disparaît plus tôt si vous le retirez ou demandez l'effacement de vos données.",
        "Un avis refusé ou retiré est conservé un an pour la preuve de la modération, puis supprimé avec l'historique de sa modération (décisions et leurs motifs, réponse de la boutique, signalements).",
        "Une adresse désinscrite ou refusée par votre messagerie reste sur la liste d'exclusion de la boutique, dans le seul but de ne plus vous écrire.",
        "Si vous demandez l'effacement de vos données : vos nom, prénom et adresse e-mail disparaissent de vos commandes et des e-mails non remis ; vos avis sont retirés et leurs textes effacés, avec la réponse de la boutique, les notes de modération et les motifs de signalement qui les concernent (seules la note et les dates restent). Votre adresse n'est gardée sur la liste d'exclusion que sous la forme d'une empreinte calculée avec une clé secrète, qui ne permet pas de la retrouver.",
        "Si la boutique supprime son compte Certavis, toutes ces données sont supprimées avec lui, historique de modération compris.",
      ],
    },
    {
      heading: "Vos droits",
      paragraphs: [
        "Vous pouvez accéder à vos données, les faire rectifier ou effacer, vous opposer à leur traitement, en demander la limitation ou la portabilité, et définir des directives sur leur sort après votre décès.",
        "Ne plus recevoir de demandes d'avis : le lien « Ne plus recevoir de demandes d'avis » en bas de chaque e-mail vous désinscrit en un clic, sans autre formalité.",
        "Retirer votre avis : le lien de retrait de l'e-mail de remerciement le retire aussitôt de la publication.",
        "Effacement et autres demandes : écrivez à la boutique, en répondant à l'e-mail reçu ou par le lien « Nous contacter » du formulaire d'avis ; elle efface vos données et vos avis dans Certavis. Vous pouvez aussi nous écrire à " +
          `${CERTAVIS_CONTACT} : nous transmettons votre demande à la boutique.`,
        "Si vous estimez que vos droits ne sont pas respectés, vous pouvez saisir la CNIL (www.cnil.fr).",
      ],
    },
    {
      heading: "Partage des données",
      paragraphs: [
        "Les données ne sont ni vendues ni utilisées à des fins publicitaires, et ne sont communiquées qu'à la boutique concernée et aux prestataires techniques de Certavis (hébergement, envoi des e-mails), tenus à la même confidentialité.",
      ],
    },
  ],
};

const terms: LegalPage = {
  title: "Conditions générales d'utilisation",
  intro:
    "Ces conditions s'appliquent aux acheteurs qui déposent un avis avec le formulaire Certavis, à l'invitation d'une boutique.",
  updated,
  sections: [
    {
      heading: "Le service",
      paragraphs: [
        "Certavis permet aux boutiques de recueillir l'avis de leurs clients après un achat et de le publier. Seul un acheteur invité par la boutique à la suite d'une commande peut déposer un avis, une seule fois par produit commandé.",
        "La boutique est responsable de la collecte de vos données ; Certavis agit pour son compte (voir la politique de confidentialité).",
      ],
    },
    {
      heading: "Votre avis",
      paragraphs: [
        "Votre avis doit porter sur votre propre expérience du produit et être sincère. Il ne doit contenir ni propos injurieux, diffamatoires ou discriminatoires, ni données personnelles d'autrui, ni contenu sans rapport avec le produit.",
        "En déposant un avis, vous autorisez la boutique à publier votre note, vos textes, vos photos et vidéos, avec votre prénom et l'initiale de votre nom, sur son site et ses pages d'avis, pendant 5 ans au plus.",
        "Ni la boutique ni Certavis ne modifient le contenu de votre avis.",
      ],
    },
    {
      heading: "Modération",
      paragraphs: [
        "Chaque avis est contrôlé avant publication. Il peut être refusé pour l'un de ces motifs seulement : contenu abusif, données personnelles, hors sujet, conflit d'intérêts, faux avis présumé. Vous êtes alors informé du motif par e-mail.",
        "Un avis en attente depuis 30 jours est publié automatiquement : une boutique ne peut pas écarter un avis en ne le modérant pas. La boutique peut publier une réponse à votre avis.",
        "La procédure de contrôle des avis de chaque boutique est décrite sur sa page publique, accessible depuis chaque e-mail.",
      ],
    },
    {
      heading: "Retrait",
      paragraphs: [
        "Vous pouvez retirer votre avis à tout moment par le lien de l'e-mail de remerciement, ou demander à la boutique l'effacement de vos données.",
      ],
    },
    {
      heading: "Contact",
      paragraphs: [
        "Pour toute question sur une commande ou un avis, écrivez à la boutique : en répondant à l'e-mail reçu ou par le lien « Nous contacter » du formulaire d'avis.",
        `Pour toute question sur le service Certavis : ${CERTAVIS_CONTACT}.`,
      ],
    },
  ],
};

export const legal = { privacy, terms } as const;
