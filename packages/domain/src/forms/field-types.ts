/** Form field types (spec §3). */
export const FIELD_TYPES = [
  "text",
  "number",
  "email",
  "textarea",
  "rating",
  "select",
  "dropdown",
  "checkbox",
  "file",
  "media",
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

export const RATING_TYPES = ["star", "slider", "note"] as const;

export type RatingType = (typeof RATING_TYPES)[number];

/** One field of a review form, in the wire shape of the contract's `FormField`. */
export interface FormField {
  id: string;
  name?: string | null;
  type: FieldType;
  label: string;
  required: boolean;
  options?: string[];
  /** 0-based page index. */
  page: number;
  /** Position within the page, contiguous from 0. */
  position: number;
  rating_max?: number | null;
  rating_type?: RatingType | null;
  /** Stars in half steps (4,5); whole stars when absent. */
  rating_half_steps?: boolean | null;
  min_length?: number | null;
  max_length?: number | null;
  min?: number | null;
  max?: number | null;
  accept?: string | null;
  multiple?: boolean | null;
  max_size_mb?: number | null;
  allow_images?: boolean | null;
  allow_videos?: boolean | null;
  max_count?: number | null;
  placeholder?: string | null;
  help_text?: string | null;
  /** A text field whose answer becomes the review's title (one per form). */
  review_title?: boolean | null;
}

/** Largest `max_size_mb` a file or media field may allow (spec §5 minimum 1; our maximum 50). */
export const MAX_FIELD_SIZE_MB = 50;

export const FIELD_DEFAULTS = {
  ratingMax: 5,
  ratingType: "star" as RatingType,
  options: ["Option 1", "Option 2"] as readonly string[],
  fileMaxSizeMb: 10,
  mediaMaxSizeMb: 10,
  maxCount: 1,
  allowImages: true,
  allowVideos: false,
} as const;

/** Types whose answers are picked among `options`. */
export const CHOICE_TYPES: readonly FieldType[] = ["select", "dropdown", "checkbox"];
/** Types whose answers are uploaded files. */
export const UPLOAD_TYPES: readonly FieldType[] = ["file", "media"];
/** Types answered with free text. */
export function isChoiceType(type: string): boolean {
  return (CHOICE_TYPES as readonly string[]).includes(type);
}

export function isUploadType(type: string): boolean {
  return (UPLOAD_TYPES as readonly string[]).includes(type);
}

/**
 * The step of a rating's answers: whole stars or notes by default, half stars only when the field asks
 * for them; a slider moves by tenths.
 */
export function ratingStepOf(field: Pick<FormField, "rating_type" | "rating_half_steps">): number {
  const type = field.rating_type ?? FIELD_DEFAULTS.ratingType;
  if (type === "slider") return 0.1;
  return type === "star" && field.rating_half_steps === true ? 0.5 : 1;
}

/** Maximum rating of a field (rating_max, default 5). */
export function ratingMaxOf(field: Pick<FormField, "rating_max">): number {
  const max = field.rating_max;
  return typeof max === "number" && Number.isFinite(max) && max > 0 ? max : FIELD_DEFAULTS.ratingMax;
}

let sequence = 0;

/** A short id unique within a form ('f_' + time + counter + random). */
export function newFieldId(): string {
  sequence = (sequence + 1) % 1_000_000;
  const random = Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, "0");
  return `f_${Date.now().toString(36)}${sequence.toString(36)}${random}`;
}

/**
 * A new field of `type` with the spec's defaults (its label is the caller's: the French type label lives
 * in @certavis/i18n-fr): rating max 5 and star type; choice fields start with
 * 'Option 1' and 'Option 2'; file and media fields 10 MB, one file, images allowed, videos not.
 */
export function createField(
  type: FieldType,
  page: number,
  position: number,
  overrides: Partial<FormField> = {},
): FormField {
  const base: FormField = {
    id: newFieldId(),
    type,
    label: "",
    required: false,
    page,
    position,
  };
  switch (type) {
    case "rating":
      Object.assign(base, { rating_max: FIELD_DEFAULTS.ratingMax, rating_type: FIELD_DEFAULTS.ratingType });
      break;
    case "select":
    case "dropdown":
    case "checkbox":
      base.options = [...FIELD_DEFAULTS.options];
      break;
    case "file":
      Object.assign(base, {
        max_size_mb: FIELD_DEFAULTS.fileMaxSizeMb,
        max_count: FIELD_DEFAULTS.maxCount,
        multiple: false,
      });
      break;
    case "media":
      Object.assign(base, {
        max_size_mb: FIELD_DEFAULTS.mediaMaxSizeMb,
        max_count: FIELD_DEFAULTS.maxCount,
        allow_images: FIELD_DEFAULTS.allowImages,
        allow_videos: FIELD_DEFAULTS.allowVideos,
      });
      break;
    default:
      break;
  }
  return { ...base, ...overrides };
}

/**
 * The field whose answer is the review's title: the text field marked `review_title`, else (forms
 * saved before the mark existed) a text field whose id or name is 'title' or 'titre'.
 */
export function titleFieldOf<F extends Pick<FormField, "id" | "name" | "type" | "review_title">>(
  fields: readonly F[],
): F | undefined {
  const marked = fields.find((field) => field.review_title === true && field.type === "text");
  if (marked) return marked;
  const named = (field: F) =>
    ["title", "titre"].some((n) => field.id.toLowerCase() === n || (field.name ?? "").toLowerCase() === n);
  return fields.find((field) => field.type === "text" && named(field)) ?? fields.find(named);
}
