import {
  type AnswerMessageCode,
  type DomainMessageCode,
  type DomainMessageParams,
  MAX_FIELD_SIZE_MB,
} from "@certavis/domain";
import { errors } from "./errors";
import { server } from "./server";
import { validation } from "./validation";

/** The text of each domain code; codes with values take them (a code without text is a type error). */
export type DomainTexts = {
  [C in DomainMessageCode]: DomainMessageParams[C] extends undefined
    ? string
    : (params: DomainMessageParams[C]) => string;
};

const { publicForm } = validation;

/** Texts of the answer rules (the public form needs only these: its bundle keeps only them). */
export const answerMessages: Pick<DomainTexts, AnswerMessageCode> = {
  required: publicForm.required,
  email: publicForm.email,
  "answer.checkboxRequired": publicForm.checkboxRequired,
  "answer.numberBetween": ({ min, max }) => publicForm.numberBetween(min, max),
  "answer.numberMin": ({ min }) => publicForm.numberMin(min),
  "answer.numberMax": ({ max }) => publicForm.numberMax(max),
  "answer.valueBetween": ({ min, max }) => publicForm.valueBetween(min, max),
  "answer.notANumber": publicForm.notANumber,
  "answer.notText": publicForm.notText,
  "answer.minLength": ({ n }) => publicForm.minLength(n),
  "answer.maxLength": ({ n }) => publicForm.maxLength(n),
  "answer.invalidOption": publicForm.invalidOption,
  "answer.tooManyFiles": ({ n }) => publicForm.tooManyFiles(n),
  "answer.fileTooLarge": ({ mb }) => publicForm.fileTooLarge(mb),
  "answer.fileTypeNotAllowed": publicForm.fileTypeNotAllowed,
  "answer.unknownFields": ({ ids }) => publicForm.unknownFields(ids),
};

/** French texts of the codes `@certavis/domain`'s rules report (spec §5, §7, §8). */
export const domainMessages: DomainTexts = {
  ...answerMessages,
  fieldEmpty: validation.fieldEmpty,
  invalid: server.http.invalid,
  "order.productMissing": "Indiquez le produit (product_id ou sku).",
  "order.productIdInvalid": "Identifiant de produit invalide.",
  "order.tooLong": ({ max }) => `Ce champ ne doit pas dépasser ${max} caractères.`,
  "order.orderDate": "Date invalide : utilisez le format AAAA-MM-JJ ou une date ISO 8601.",
  "ordersCsv.notCsv":
    "Le fichier n'est pas un CSV lisible (UTF-8 ou Windows-1252, séparateur virgule ou point-virgule).",
  "ordersCsv.tooManyRows":
    "Le fichier dépasse 10 000 lignes de commandes : découpez-le en plusieurs fichiers.",
  "ordersCsv.orderDate": "Date invalide : utilisez le format JJ/MM/AAAA, AAAA-MM-JJ ou une date ISO 8601.",
  "ordersCsv.missingColumns": ({ columns }) => `Colonnes manquantes : ${columns.join(", ")}.`,
  "ordersCsv.missingProductColumn": "Le fichier doit contenir une colonne product_id ou sku.",
  "ordersCsv.unterminatedQuote": ({ line }) => `Guillemet non fermé à la ligne ${line}.`,
  "ordersCsv.empty": "Le fichier est vide.",
  "ordersCsv.noRows": "Le fichier ne contient aucune commande.",
  "form.minTwoFields": validation.minTwoFields,
  "form.oneRequired": validation.oneRequiredField,
  "form.duplicateId": ({ id }) => `L'identifiant de champ « ${id} » est utilisé plusieurs fois.`,
  "form.unknownType": "Type de champ inconnu.",
  "form.optionsText": "Les options doivent être du texte.",
  "form.tooFewOptions": "Ce champ doit proposer au moins deux options.",
  "form.notAList": "Le schéma du formulaire doit être une liste de champs.",
  "form.maxSizeMb": `La taille maximale d'un fichier doit être comprise entre 1 et ${MAX_FIELD_SIZE_MB} Mo.`,
  "form.fieldsMismatch": "Les listes « fields » et « schema » doivent être identiques.",
  "password.currentRequired": validation.passwordRequired,
  "password.tooShort": validation.passwordTooShort,
  "password.confirmationMismatch": validation.confirmation,
  "password.tokenMissing": "Le lien de réinitialisation est invalide ou incomplet.",
  "template.missingReviewLink": validation.missingVariable,
  "invite.invalid": validation.invalidEmail,
  "invite.duplicate": validation.duplicateInvite,
  "product.nameRequired": validation.productNameRequired,
};

/** Toast titles of the codes shown as a toast (the others use `errors.title`). */
export const domainMessageTitles: Partial<Record<DomainMessageCode, string>> = {
  "form.fieldsMismatch": "Les listes « fields » et « schema » doivent être identiques.",
  "password.currentRequired": validation.passwordRequiredTitle,
  "password.tooShort": validation.passwordTooShortTitle,
  "password.confirmationMismatch": validation.confirmationTitle,
  "password.tokenMissing": errors.password.invalidLink,
  "template.missingReviewLink": validation.missingVariableTitle,
  "invite.invalid": validation.invalidEmailTitle,
  "invite.duplicate": validation.invalidEmailTitle,
};

const plural = (n: number, one: string, many: string) => `${n} ${Math.abs(n) >= 2 ? many : one}`;

/** The plan limits of spec §8-§9, as the API and the back-office say them. */
export const planLimitMessages = {
  products: errors.products.limitMessage,
  members: (n: number) =>
    `Votre abonnement a atteint la limite de membres (${plural(n, "membre", "membres")}).`,
  templates: (n: number) =>
    n === 0
      ? "Votre abonnement ne permet pas de créer des modèles d'email personnalisés."
      : `Votre abonnement a atteint la limite de modèles d'email personnalisés (${plural(n, "modèle", "modèles")}).`,
  forms: (n: number) =>
    n === 0
      ? "Votre abonnement ne permet pas de créer des formulaires personnalisés."
      : `Votre abonnement a atteint la limite de formulaires personnalisés (${plural(n, "formulaire", "formulaires")}).`,
  emailQuota: (n: number) =>
    `Votre abonnement a atteint son quota d'emails du mois (${plural(n, "email", "emails")}). Les envois reprendront le mois prochain.`,
  uploadsNotAllowed:
    "Votre abonnement ne permet pas les champs photo ou vidéo. Passez à une offre supérieure.",
} as const;
