/**
 * What the domain's rules report, as codes: the French text of each code lives once in
 * `@certavis/i18n-fr` (`domainText`), the only package that may speak to users. Each code maps to the
 * values its text needs (`undefined` when none), so a text without its values cannot be written.
 */
export interface DomainMessageParams {
  /** A required value is missing. */
  required: undefined;
  /** A name or title is blank after trimming. */
  fieldEmpty: undefined;
  /** A zod issue without a code of its own (a shape the contract normally refuses first). */
  invalid: undefined;
  email: undefined;
  "answer.checkboxRequired": undefined;
  "answer.numberBetween": { min: number; max: number };
  "answer.numberMin": { min: number };
  "answer.numberMax": { max: number };
  "answer.valueBetween": { min: number; max: number };
  "answer.wholeRating": undefined;
  "answer.notANumber": undefined;
  "answer.notText": undefined;
  "answer.minLength": { n: number };
  "answer.maxLength": { n: number };
  "answer.invalidOption": undefined;
  "answer.tooManyFiles": { n: number };
  "answer.fileTooLarge": { mb: number };
  "answer.fileTypeNotAllowed": undefined;
  "answer.unknownFields": { ids: readonly string[] };
  "order.productMissing": undefined;
  "insights.fromAfterTo": undefined;
  "insights.periodTooLong": undefined;
  "order.productIdInvalid": undefined;
  "order.tooLong": { max: number };
  "order.orderDate": undefined;
  "ordersCsv.notCsv": undefined;
  "ordersCsv.tooManyRows": undefined;
  "ordersCsv.orderDate": undefined;
  "ordersCsv.missingColumns": { columns: readonly string[] };
  "ordersCsv.missingProductColumn": undefined;
  "ordersCsv.unterminatedQuote": { line: number };
  "ordersCsv.empty": undefined;
  "ordersCsv.noRows": undefined;
  "ordersCsv.mappingUnknownHeader": { header: string };
  "ordersCsv.skippedStatus": { status: "cancelled" | "refunded" };
  "form.minTwoFields": undefined;
  "form.oneRequired": undefined;
  "form.duplicateId": { id: string };
  "form.unknownType": undefined;
  "form.optionsText": undefined;
  "form.tooFewOptions": undefined;
  "form.notAList": undefined;
  "form.maxSizeMb": undefined;
  /** `review_title` set on a field that is not a text field. */
  "form.titleFieldType": undefined;
  /** More than one field marked as the review's title. */
  "form.oneTitleField": undefined;
  /** A form body whose `fields` and `schema` lists differ. */
  "form.fieldsMismatch": undefined;
  "password.currentRequired": undefined;
  "password.tooShort": undefined;
  "password.confirmationMismatch": undefined;
  "password.tokenMissing": undefined;
  "template.missingReviewLink": undefined;
  "invite.invalid": undefined;
  "invite.duplicate": undefined;
  "product.nameRequired": undefined;
  "product.gtinInvalid": undefined;
  "product.urlInvalid": undefined;
}

export type DomainMessageCode = keyof DomainMessageParams;

/** A code with the values its text needs. */
export type DomainMessage = {
  [C in DomainMessageCode]: DomainMessageParams[C] extends undefined
    ? { code: C; params?: undefined }
    : { code: C; params: DomainMessageParams[C] };
}[DomainMessageCode];

/** The codes of the answer rules (what the public form shows). */
export type AnswerMessageCode = Extract<DomainMessageCode, "required" | "email" | `answer.${string}`>;
export type AnswerMessage = Extract<DomainMessage, { code: AnswerMessageCode }>;

/** Every code, for the runtime check of a zod issue's message (a missing code is a type error). */
const CODES: Readonly<Record<DomainMessageCode, true>> = {
  required: true,
  fieldEmpty: true,
  invalid: true,
  email: true,
  "answer.checkboxRequired": true,
  "answer.numberBetween": true,
  "answer.numberMin": true,
  "answer.numberMax": true,
  "answer.valueBetween": true,
  "answer.wholeRating": true,
  "answer.notANumber": true,
  "answer.notText": true,
  "answer.minLength": true,
  "answer.maxLength": true,
  "answer.invalidOption": true,
  "insights.fromAfterTo": true,
  "insights.periodTooLong": true,
  "answer.tooManyFiles": true,
  "answer.fileTooLarge": true,
  "answer.fileTypeNotAllowed": true,
  "answer.unknownFields": true,
  "order.productMissing": true,
  "order.productIdInvalid": true,
  "order.tooLong": true,
  "order.orderDate": true,
  "ordersCsv.notCsv": true,
  "ordersCsv.tooManyRows": true,
  "ordersCsv.orderDate": true,
  "ordersCsv.missingColumns": true,
  "ordersCsv.missingProductColumn": true,
  "ordersCsv.unterminatedQuote": true,
  "ordersCsv.empty": true,
  "ordersCsv.noRows": true,
  "ordersCsv.mappingUnknownHeader": true,
  "ordersCsv.skippedStatus": true,
  "form.minTwoFields": true,
  "form.oneRequired": true,
  "form.duplicateId": true,
  "form.unknownType": true,
  "form.optionsText": true,
  "form.tooFewOptions": true,
  "form.notAList": true,
  "form.maxSizeMb": true,
  "form.titleFieldType": true,
  "form.oneTitleField": true,
  "form.fieldsMismatch": true,
  "password.currentRequired": true,
  "password.tooShort": true,
  "password.confirmationMismatch": true,
  "password.tokenMissing": true,
  "template.missingReviewLink": true,
  "invite.invalid": true,
  "invite.duplicate": true,
  "product.nameRequired": true,
  "product.gtinInvalid": true,
  "product.urlInvalid": true,
};

export const DOMAIN_MESSAGE_CODES = Object.keys(CODES) as DomainMessageCode[];

export function isDomainMessageCode(value: unknown): value is DomainMessageCode {
  return typeof value === "string" && Object.hasOwn(CODES, value);
}

type ParamArgs<C extends DomainMessageCode> = DomainMessageParams[C] extends undefined
  ? []
  : [params: DomainMessageParams[C]];

/** `message("answer.numberMin", { min: 2 })`; codes without values take none. */
export function message<C extends DomainMessageCode>(
  code: C,
  ...params: ParamArgs<C>
): Extract<DomainMessage, { code: C }> {
  return (params.length ? { code, params: params[0] } : { code }) as Extract<DomainMessage, { code: C }>;
}

/** The part of a zod issue the domain reads (zod and zod/mini issues alike). */
export interface IssueLike {
  readonly code?: string;
  readonly message: string;
  readonly params?: unknown;
  readonly maximum?: unknown;
}

/**
 * The message of a zod issue raised by a domain schema: the code is the issue's message; values come
 * from a custom issue's `params`, or from the bound of a too-long text (`order.tooLong`). An issue
 * without a domain code (zod's own wording) reads as `invalid`.
 */
export function messageOfIssue(issue: IssueLike): DomainMessage {
  if (!isDomainMessageCode(issue.message)) return { code: "invalid" };
  if (issue.message === "order.tooLong")
    return { code: "order.tooLong", params: { max: Number(issue.maximum) } };
  return { code: issue.message, params: issue.params } as DomainMessage;
}
