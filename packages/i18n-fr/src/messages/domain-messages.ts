import { type DomainMessageCode, type DomainMessageParams, MAX_FIELD_SIZE_MB } from "@certavis/domain";
import { fr } from "../catalog";
import { plural } from "../format/plural";
import { answerMessages } from "./answer-messages";
import { orderColumns } from "./order-columns";

/** 'buyer_email' → '« E-mail » (buyer_email)': the French label and the name the model file uses. */
function orderColumnLabel(column: string): string {
  const label = (orderColumns as Record<string, string>)[column];
  return label ? `« ${label} » (${column})` : column;
}

/** The text of each domain code; codes with values take them (a code without text is a type error). */
export type DomainTexts = {
  [C in DomainMessageCode]: DomainMessageParams[C] extends undefined
    ? string
    : (params: DomainMessageParams[C]) => string;
};

/** French texts of the codes `@certavis/domain`'s rules report (spec §5, §7, §8). */
export const domainMessages: DomainTexts = {
  ...answerMessages,
  fieldEmpty: fr.validation.fieldEmpty,
  invalid: fr.validation.invalidValue,
  "order.productMissing": "Indiquez le produit (product_id ou sku).",
  "insights.fromAfterTo": "La date de début doit être antérieure ou égale à la date de fin.",
  "insights.periodTooLong": "La période ne peut pas dépasser 2 ans.",
  "order.productIdInvalid": "Identifiant de produit invalide.",
  "order.tooLong": ({ max }) => `Ce champ ne doit pas dépasser ${max} caractères.`,
  "order.orderDate": "Date invalide : utilisez le format AAAA-MM-JJ ou une date ISO 8601.",
  "ordersCsv.notCsv":
    "Le fichier n'est pas un CSV lisible (UTF-8 ou Windows-1252, séparateur virgule ou point-virgule).",
  "ordersCsv.tooManyRows":
    "Le fichier dépasse 10 000 lignes de commandes : découpez-le en plusieurs fichiers.",
  "ordersCsv.orderDate": "Date invalide : utilisez le format JJ/MM/AAAA, AAAA-MM-JJ ou une date ISO 8601.",
  "ordersCsv.missingColumns": ({ columns }) =>
    `Colonnes manquantes : ${columns.map(orderColumnLabel).join(", ")}.`,
  "ordersCsv.missingProductColumn":
    "Le fichier doit contenir une colonne « Produit (SKU) » (sku, UGS, Référence produit…), « Nom du produit » (Lineitem name, Nom de l'article…) ou « Produit (id) » (product_id).",
  "ordersCsv.mappingUnknownHeader": ({ header }) =>
    `La colonne « ${header} » choisie n'existe pas dans l'en-tête du fichier.`,
  "ordersCsv.skippedStatus": ({ status }) =>
    status === "cancelled"
      ? "Commande annulée : ignorée, aucun e-mail ne sera envoyé."
      : "Commande remboursée : ignorée, aucun e-mail ne sera envoyé.",
  "ordersCsv.unterminatedQuote": ({ line }) => `Guillemet non fermé à la ligne ${line}.`,
  "ordersCsv.empty": "Le fichier est vide.",
  "ordersCsv.noRows": "Le fichier ne contient aucune commande.",
  "form.minTwoFields": fr.validation.minTwoFields,
  "form.oneRequired": fr.validation.oneRequiredField,
  "form.duplicateId": ({ id }) => `L'identifiant de champ « ${id} » est utilisé plusieurs fois.`,
  "form.unknownType": "Type de champ inconnu.",
  "form.optionsText": "Les options doivent être du texte.",
  "form.tooFewOptions": "Ce champ doit proposer au moins deux options.",
  "form.titleFieldType": "Seul un champ texte peut servir de titre de l'avis.",
  "form.oneTitleField": "Un seul champ peut servir de titre de l'avis.",
  "form.notAList": "Le schéma du formulaire doit être une liste de champs.",
  "form.maxSizeMb": `La taille maximale d'un fichier doit être comprise entre 1 et ${MAX_FIELD_SIZE_MB} Mo.`,
  "form.fieldsMismatch": "Les listes « fields » et « schema » doivent être identiques.",
  "password.currentRequired": fr.validation.passwordRequired,
  "password.tooShort": fr.validation.passwordTooShort,
  "password.confirmationMismatch": fr.validation.confirmation,
  "password.tokenMissing": "Le lien de réinitialisation est invalide ou incomplet.",
  "template.missingReviewLink": fr.validation.missingVariable,
  "invite.invalid": fr.validation.invalidEmail,
  "invite.duplicate": fr.validation.duplicateInvite,
  "product.nameRequired": fr.validation.productNameRequired,
  "product.gtinInvalid": fr.validation.gtinInvalid,
  "product.urlInvalid": fr.validation.productUrlInvalid,
};

/** Toast titles of the codes shown as a toast (the others use `fr.errors.title`). */
export const domainMessageTitles: Partial<Record<DomainMessageCode, string>> = {
  "form.fieldsMismatch": "Les listes « fields » et « schema » doivent être identiques.",
  "password.currentRequired": fr.validation.passwordRequiredTitle,
  "password.tooShort": fr.validation.passwordTooShortTitle,
  "password.confirmationMismatch": fr.validation.confirmationTitle,
  "password.tokenMissing": fr.errors.password.invalidLink,
  "template.missingReviewLink": fr.validation.missingVariableTitle,
  "invite.invalid": fr.validation.invalidEmailTitle,
  "invite.duplicate": fr.validation.invalidEmailTitle,
};

const counted = (n: number, one: string, many: string) => `${n} ${plural(n, one, many)}`;

/** The plan limits of spec §8-§9, as the API and the back-office say them. */
export const planLimitMessages = {
  products: fr.errors.products.limitMessage,
  members: (n: number) =>
    `Votre abonnement a atteint la limite de membres (${counted(n, "membre", "membres")}).`,
  templates: (n: number) =>
    n === 0
      ? "Votre abonnement ne permet pas de créer des modèles d'e-mail personnalisés."
      : `Votre abonnement a atteint la limite de modèles d'e-mail personnalisés (${counted(n, "modèle", "modèles")}).`,
  forms: (n: number) =>
    n === 0
      ? "Votre abonnement ne permet pas de créer des formulaires personnalisés."
      : `Votre abonnement a atteint la limite de formulaires personnalisés (${counted(n, "formulaire", "formulaires")}).`,
  shopConnections: (n: number) =>
    `Votre abonnement a atteint la limite de connexions de boutique (${counted(n, "connexion", "connexions")}).`,
  emailQuota: (n: number) =>
    `Votre abonnement a atteint son quota d'e-mails du mois (${counted(n, "e-mail", "e-mails")}). Les envois reprendront le mois prochain.`,
  uploadsNotAllowed:
    "Votre abonnement ne permet pas les champs photo ou vidéo. Passez à une offre supérieure.",
} as const;
