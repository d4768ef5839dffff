import { validation } from "./validation";

/** The server's answers that are not in spec §8: generic HTTP errors (DRF wording, as the clients expect). */
export const server = {
  http: {
    notFound: "Introuvable.",
    internal: "Erreur interne du serveur.",
    notImplemented: "Non implémenté.",
    unauthenticated: "Informations d'authentification non fournies.",
    invalidToken: "Le jeton est invalide ou expiré.",
    forbidden: "Vous n'avez pas la permission d'effectuer cette action.",
    noCompany: "Vous n'appartenez à aucune entreprise.",
    tooLarge: "La requête est trop volumineuse.",
    invalidJson: "Le corps de la requête n'est pas un JSON valide.",
    unsupportedMediaType: "Type de contenu non pris en charge.",
    throttled: "Trop de requêtes. Veuillez réessayer dans un instant.",
    starting: "Le serveur démarre, veuillez réessayer dans un instant.",
    methodNotAllowed: "Méthode non autorisée.",
    required: validation.publicForm.required,
    blank: validation.fieldEmpty,
    invalid: "Valeur invalide.",
    invalidEmail: "Saisissez une adresse e-mail valide.",
    invalidUuid: "Identifiant invalide.",
    invalidDate: "Date invalide.",
    invalidUrl: "Saisissez une URL valide.",
    unknownField: "Champ inconnu.",
  },
} as const;
