import { countOf } from "../format/plural";

/**
 * The operators' command (`pnpm --filter @certavis/api operator …`) and their second factor at sign-in.
 */
export const serverOperators = {
  usage: [
    "Usage : pnpm --filter @certavis/api operator <commande>",
    "  add <e-mail>     fait de ce compte un opérateur Certavis",
    "  remove <e-mail>  retire ce compte des opérateurs",
    "  list             liste les opérateurs",
    "Prend DATA_DIR ou DATABASE_URL comme le serveur.",
  ].join("\n"),
  invalidEmail: (email: string) => `« ${email} » n'est pas une adresse e-mail valide.`,
  noAccount: (email: string) =>
    `Aucun compte Certavis n'a l'adresse ${email} : la personne crée d'abord son compte (page d'inscription), puis relancez la commande.`,
  memberOfCompany: (email: string) =>
    `${email} est membre d'une entreprise : un opérateur Certavis n'appartient à aucune entreprise. Il la quitte d'abord.`,
  added: (email: string) =>
    `${email} est maintenant opérateur. À sa prochaine connexion, il enregistre son second facteur (application d'authentification).`,
  alreadyOperator: (email: string) => `${email} est déjà opérateur.`,
  removed: (email: string) => `${email} n'est plus opérateur.`,
  notOperator: (email: string) => `${email} n'est pas opérateur.`,
  noOperators: "Aucun opérateur.",
  listLine: (email: string, name: string, since: string, secondFactor: boolean) =>
    `${email}\t${name || "—"}\topérateur depuis le ${since}\t${secondFactor ? "second facteur enregistré" : "second facteur à enregistrer"}`,
  serverStarting: "Le serveur démarre : réessayez dans un instant.",
  channelFailed: (reason: string) => `Le serveur en cours d'exécution n'a pas répondu : ${reason}`,
  badRequest: "Requête d'opérateur invalide.",
  // sign-in
  invalidCode: "Code invalide ou expiré. Saisissez le code à 6 chiffres affiché par votre application.",
  invalidChallenge: "Votre connexion a expiré. Saisissez de nouveau votre e-mail et votre mot de passe.",
  tooManyCodes: (minutes: number) =>
    `Trop de codes erronés. Veuillez réessayer dans ${countOf(minutes, "minute", "minutes")}.`,
  operatorOnly: "Réservé aux opérateurs Certavis.",
  // an operator outside every company
  cannotJoinCompany:
    "Ce compte est celui d'un opérateur Certavis : un opérateur n'appartient à aucune entreprise, il ne peut ni en créer ni en rejoindre une.",
  requesterIsOperator:
    "Ce compte est celui d'un opérateur Certavis : un opérateur n'appartient à aucune entreprise, sa demande ne peut pas être acceptée.",
} as const;
