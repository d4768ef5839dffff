import {
  type Answers as DomainAnswers,
  FIELD_DEFAULTS,
  type FormField,
  normalizePages,
  type RatingType,
  validateAnswer,
} from "@certavis/domain";

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

export function ratingTypeOf(field: Pick<FormField, "rating_type">): RatingType {
  return field.rating_type ?? FIELD_DEFAULTS.ratingType;
}

/**
 * First answers of a new form: a slider starts at 0 (spec §9), and for the domain a slider at 0 is an
 * answer, unlike stars or notes at 0.
 */
export function initialAnswers(fields: readonly FormField[]): Answers {
  const answers: Answers = {};
  for (const field of fields) {
    if (field.type === "rating" && ratingTypeOf(field) === "slider") answers[field.id] = 0;
  }
  return answers;
}

export interface FileLimits {
  maxSizeMb: number;
  maxCount: number;
}

export function fileLimitsOf(field: FormField): FileLimits {
  const size = field.max_size_mb;
  const count = field.max_count;
  const defaultSize = field.type === "media" ? FIELD_DEFAULTS.mediaMaxSizeMb : FIELD_DEFAULTS.fileMaxSizeMb;
  return {
    maxSizeMb: typeof size === "number" && size > 0 ? size : defaultSize,
    maxCount: typeof count === "number" && count >= 1 ? Math.floor(count) : FIELD_DEFAULTS.maxCount,
  };
}

/** The file picker's `accept`: the field's own for files; images and/or videos for media. */
export function acceptOf(field: FormField): string | undefined {
  if (field.type !== "media") return field.accept?.trim() || undefined;
  const kinds = [
    field.allow_images !== false ? "image/*" : null,
    field.allow_videos === true ? "video/*" : null,
  ].filter(Boolean);
  return kinds.length > 0 ? kinds.join(",") : undefined;
}

/**
 * Adds picked files one by one while the field's rules (count, size, type: the domain's
 * `validateAnswer`) accept them; the others are refused with the domain's message.
 */
export function pickFiles(field: FormField, current: readonly File[], picked: readonly File[]) {
  const accepted: File[] = [];
  const messages: string[] = [];
  for (const file of picked) {
    const message = validateAnswer(field, [...current, ...accepted, file]);
    if (message) messages.push(message);
    else accepted.push(file);
  }
  return { accepted, messages: [...new Set(messages)] };
}
