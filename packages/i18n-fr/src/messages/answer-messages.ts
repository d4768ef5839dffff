import type { AnswerMessageCode, DomainMessageParams } from "@certavis/domain";
import { plural } from "../format/plural";
import { publicFormValidation } from "./public-form-validation";

/** The answer rules' texts, by code (`Pick` of `DomainTexts`, written here so the public form imports only these texts). */
type AnswerTexts = {
  [C in AnswerMessageCode]: DomainMessageParams[C] extends undefined
    ? string
    : (params: DomainMessageParams[C]) => string;
};

const s = (n: number) => plural(n, "", "s");

/** Texts of the answer rules (the public form needs only these: its bundle keeps only them). */
export const answerMessages: AnswerTexts = {
  required: publicFormValidation.required,
  email: publicFormValidation.email,
  "answer.checkboxRequired": publicFormValidation.checkboxRequired,
  "answer.numberBetween": ({ min, max }) => publicFormValidation.numberBetween(min, max),
  "answer.numberMin": ({ min }) => publicFormValidation.numberMin(min),
  "answer.numberMax": ({ max }) => publicFormValidation.numberMax(max),
  "answer.valueBetween": ({ min, max }) => publicFormValidation.valueBetween(min, max),
  "answer.wholeRating": publicFormValidation.wholeRating,
  "answer.notANumber": "Veuillez saisir un nombre valide.",
  "answer.notText": "Veuillez saisir du texte.",
  "answer.minLength": ({ n }) => `Veuillez saisir au moins ${n} caractère${s(n)}.`,
  "answer.maxLength": ({ n }) => `Veuillez saisir au plus ${n} caractère${s(n)}.`,
  "answer.invalidOption": "Veuillez choisir une option proposée.",
  "answer.tooManyFiles": ({ n }) => `Vous pouvez envoyer au plus ${n} fichier${s(n)}.`,
  "answer.fileTooLarge": ({ mb }) => `Chaque fichier doit faire au plus ${mb} Mo.`,
  "answer.fileTypeNotAllowed": "Ce type de fichier n'est pas autorisé.",
  "answer.unknownFields": ({ ids }) =>
    ids.length > 1
      ? `Réponses à des champs inconnus : ${ids.join(", ")}.`
      : `Réponse à un champ inconnu : ${ids[0] ?? ""}.`,
};
