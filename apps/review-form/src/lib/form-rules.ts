import { type Answers as DomainAnswers, type FormField, normalizePages, ratingMaxOf } from "@certavis/domain";
import { ratingTypeOf } from "@certavis/form-fields";

// The field rules live with the field components (`@certavis/form-fields`), shared with the back-office.
export { acceptOf, type FileLimits, fileLimitsOf, pickFiles, ratingTypeOf } from "@certavis/form-fields";

/** What the form holds while the shopper answers (files included, as File objects). */
export type Answers = Record<string, unknown>;
export type { DomainAnswers };

export interface FormPage<F extends FormField = FormField> {
  page: number;
  fields: F[];
}

/** The form's fields grouped by page (pages from 0 without gaps, fields in position order). */
export function formPages<F extends FormField>(schema: readonly F[]): FormPage<F>[] {
  const pages: FormPage<F>[] = [];
  for (const field of normalizePages(schema)) {
    const last = pages[pages.length - 1];
    if (last && last.page === field.page) last.fields.push(field);
    else pages.push({ page: field.page, fields: [field] });
  }
  return pages;
}

/**
 * First answers of a new form: a slider starts at 0 (spec §9), and for the domain a slider at 0 is an
 * answer, unlike stars or notes at 0. `note` (1 to 5, the star clicked in the e-mail) is the first
 * rating's answer, on its own scale.
 */
export function initialAnswers(fields: readonly FormField[], note: number | null = null): Answers {
  const answers: Answers = {};
  for (const field of fields) {
    if (field.type === "rating" && ratingTypeOf(field) === "slider") answers[field.id] = 0;
  }
  const first = fields.find((field) => field.type === "rating");
  if (first && note !== null) answers[first.id] = Math.round((note * ratingMaxOf(first)) / 5);
  return answers;
}

/** The `note` of the e-mail's star links (an integer 1 to 5), or null. */
export function noteOf(value: string | null): number | null {
  const note = Number(value);
  return value && Number.isInteger(note) && note >= 1 && note <= 5 ? note : null;
}
