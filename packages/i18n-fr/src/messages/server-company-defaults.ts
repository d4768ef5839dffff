import { templates } from "./templates";

/**
 * The e-mail templates and review form every new company starts with (ARCHITECTURE §10.5). A
 * template's name is its type's label.
 */
export const companyDefaults = {
  templates: {
    request: {
      name: templates.editor.typeRequest,
      subject: "Votre avis sur {{ nom_produit }} compte pour nous",
      body: [
        "Bonjour {{ prenom_acheteur }},",
        "",
        "Merci pour votre achat de {{ nom_produit }} chez {{ nom_entreprise }}.",
        "Pourriez-vous prendre environ 3 minutes pour nous donner votre avis ? Il sera publié comme avis certifié, car vous avez réellement acheté ce produit.",
        "",
        "Votre avis en 3 minutes : {{ url_avis }}",
        "",
        "Merci d'avance,",
        "L'équipe {{ nom_entreprise }}",
      ].join("\n"),
    },
    reminder: {
      name: templates.editor.typeReminder,
      subject: "Un instant pour donner votre avis sur {{ nom_produit }} ?",
      body: [
        "Bonjour {{ prenom_acheteur }},",
        "",
        "Vous n'avez pas encore eu le temps de donner votre avis sur {{ nom_produit }}. Votre retour aide les autres clients et nous aide à nous améliorer.",
        "",
        "Votre avis en 3 minutes : {{ url_avis }}",
        "",
        "Merci,",
        "L'équipe {{ nom_entreprise }}",
      ].join("\n"),
    },
    thanks: {
      name: templates.types.thanks,
      subject: "Merci pour votre avis sur {{ nom_produit }}",
      body: [
        "Bonjour {{ prenom_acheteur }},",
        "",
        "Merci d'avoir pris le temps de donner votre avis sur {{ nom_produit }}. Il sera publié après vérification par notre équipe.",
        "",
        "À bientôt,",
        "L'équipe {{ nom_entreprise }}",
      ].join("\n"),
    },
  },
  form: {
    name: "Formulaire par défaut",
    title: "Donnez votre avis",
    description: "Votre avis nous aide à nous améliorer. Cela prend environ 3 minutes.",
    ratingLabel: "Quelle note donnez-vous à ce produit ?",
    titleLabel: "Titre de votre avis",
    commentLabel: "Votre commentaire",
    photosLabel: "Vos photos du produit (facultatif)",
  },
} as const;
