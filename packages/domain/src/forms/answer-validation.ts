import { type AnswerMessage, message } from "../messages";
import { type FormField, isChoiceType, isUploadType, ratingMaxOf, ratingStepOf } from "./field-types";

/** Key under which problems not tied to one field are reported (same key as the API's errors). */
export const NON_FIELD_ERRORS = "non_field_errors";

/** The spec's "simple address pattern". */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Answers = Readonly<Record<string, unknown>>;
/** The problem of each answer, by field id (texts: `domainText` of @certavis/i18n-fr). */
export type AnswerErrors = Record<string, AnswerMessage>;

export interface ValidateAnswersOptions {
  /** Only fields on these pages are checked (and unknown answer ids are then not reported). */
  pages?: readonly number[];
  /** Skip the unknown-id check (the public form may keep answers of other forms in its state). */
  ignoreUnknown?: boolean;
}

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "number") return Number.isNaN(value);
  return false;
}

/** A star or note rating of 0 means "not rated"; a slider at 0 is an answer. */
function isUnanswered(field: FormField, value: unknown): boolean {
  if (isEmptyValue(value)) return true;
  return field.type === "rating" && field.rating_type !== "slider" && toNumber(value) === 0;
}

function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value.trim().replace(",", "."));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function finite(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** E-mail check applies to e-mail fields and text fields whose label mentions email/courriel. */
export function expectsEmail(field: Pick<FormField, "type" | "label">): boolean {
  if (field.type === "email") return true;
  return (field.type === "text" || field.type === "textarea") && /e-?mail|courriel/i.test(field.label ?? "");
}

function checkText(field: FormField, value: unknown): AnswerMessage | null {
  if (typeof value !== "string") return message("answer.notText");
  const text = value.trim();
  if (expectsEmail(field) && !EMAIL_PATTERN.test(text)) return message("email");
  if (finite(field.min_length) && text.length < field.min_length)
    return message("answer.minLength", { n: field.min_length });
  if (finite(field.max_length) && text.length > field.max_length)
    return message("answer.maxLength", { n: field.max_length });
  return null;
}

function checkNumber(field: FormField, value: unknown): AnswerMessage | null {
  const n = toNumber(value);
  if (n === null) return message("answer.notANumber");
  const { min, max } = field;
  if (finite(min) && finite(max) && (n < min || n > max))
    return message("answer.numberBetween", { min, max });
  if (finite(min) && n < min) return message("answer.numberMin", { min });
  if (finite(max) && n > max) return message("answer.numberMax", { max });
  return null;
}

function checkRating(field: FormField, value: unknown): AnswerMessage | null {
  const n = toNumber(value);
  const max = ratingMaxOf(field);
  if (n === null || n < 0 || n > max) return message("answer.valueBetween", { min: 0, max });
  const step = ratingStepOf(field);
  return step >= 0.5 && Math.abs(n / step - Math.round(n / step)) > 1e-9
    ? message("answer.wholeRating")
    : null;
}

function checkChoice(field: FormField, value: unknown): AnswerMessage | null {
  const options = field.options ?? [];
  const picked = field.type === "checkbox" && !Array.isArray(value) ? [value] : value;
  if (field.type === "checkbox") {
    const list = picked as unknown[];
    return list.every((item) => typeof item === "string" && options.includes(item))
      ? null
      : message("answer.invalidOption");
  }
  return typeof value === "string" && options.includes(value) ? null : message("answer.invalidOption");
}

interface UploadedFile {
  size?: unknown;
  content_type?: unknown;
  type?: unknown;
}

function checkUpload(field: FormField, value: unknown): AnswerMessage | null {
  const files = (Array.isArray(value) ? value : [value]) as unknown[];
  const maxCount = finite(field.max_count) ? field.max_count : 1;
  if (files.length > maxCount) return message("answer.tooManyFiles", { n: maxCount });
  const maxMb = finite(field.max_size_mb) ? field.max_size_mb : 10;
  for (const file of files) {
    if (typeof file !== "object" || file === null) continue;
    const { size, content_type, type } = file as UploadedFile;
    if (typeof size === "number" && size > maxMb * 1024 * 1024)
      return message("answer.fileTooLarge", { mb: maxMb });
    const mime = typeof content_type === "string" ? content_type : typeof type === "string" ? type : "";
    if (field.type === "media" && mime) {
      const imageOk = field.allow_images !== false && mime.startsWith("image/");
      const videoOk = field.allow_videos === true && mime.startsWith("video/");
      if (!imageOk && !videoOk) return message("answer.fileTypeNotAllowed");
    }
  }
  return null;
}

/** First problem of one answer, or null. */
export function validateAnswer(field: FormField, value: unknown): AnswerMessage | null {
  if (isUnanswered(field, value)) {
    if (!field.required) return null;
    return field.type === "checkbox" ? message("answer.checkboxRequired") : message("required");
  }
  if (field.type === "number") return checkNumber(field, value);
  if (field.type === "rating") return checkRating(field, value);
  if (isChoiceType(field.type)) return checkChoice(field, value);
  if (isUploadType(field.type)) return checkUpload(field, value);
  return checkText(field, value);
}

/**
 * Validates answers keyed by field id (public form and server alike). Returns the first message per
 * field id; answers to ids the form does not have are reported together under `non_field_errors`.
 */
export function validateAnswers(
  fields: readonly FormField[],
  answers: Answers,
  options: ValidateAnswersOptions = {},
): AnswerErrors {
  const errors: AnswerErrors = {};
  const pages = options.pages;
  for (const field of fields) {
    if (pages && !pages.includes(field.page)) continue;
    const problem = validateAnswer(field, answers[field.id]);
    if (problem) errors[field.id] = problem;
  }
  if (!pages && !options.ignoreUnknown) {
    const known = new Set(fields.map((field) => field.id));
    const unknown = Object.keys(answers).filter((id) => !known.has(id));
    if (unknown.length > 0) errors[NON_FIELD_ERRORS] = message("answer.unknownFields", { ids: unknown });
  }
  return errors;
}

/** Validation of one page (the "next page" button). */
export function validatePage(fields: readonly FormField[], answers: Answers, page: number): AnswerErrors {
  return validateAnswers(fields, answers, { pages: [page] });
}

/** The lowest page holding a field with an error (where submit jumps to); null when none. */
export function firstPageWithError(
  fields: readonly FormField[],
  errors: Readonly<Record<string, unknown>>,
): number | null {
  let first: number | null = null;
  for (const field of fields) {
    if (errors[field.id] && (first === null || field.page < first)) first = field.page;
  }
  return first;
}

function roundTwo(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * The submission body's answers (spec §3): unknown ids dropped, empty answers (and star ratings left at 0)
 * omitted, numbers as numbers
 * (null when unreadable), ratings rounded to 2 decimals, checkbox answers as lists, text trimmed.
 */
export function cleanAnswers(fields: readonly FormField[], answers: Answers): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const field of fields) {
    const value = answers[field.id];
    if (isUnanswered(field, value)) continue;
    switch (field.type) {
      case "number":
        clean[field.id] = toNumber(value);
        break;
      case "rating": {
        const n = toNumber(value);
        clean[field.id] = n === null ? null : roundTwo(n);
        break;
      }
      case "checkbox":
        clean[field.id] = Array.isArray(value) ? value : [value];
        break;
      default:
        clean[field.id] = typeof value === "string" ? value.trim() : value;
    }
  }
  return clean;
}
