import { z } from "zod/mini";
import type { DomainMessageCode } from "../messages";
import { FIELD_TYPES, type FieldType, type FormField, MAX_FIELD_SIZE_MB, RATING_TYPES } from "./field-types";

/** Least number of options of a choice field: select and checkbox keep 2, a dropdown may have none. */
export function minOptions(type: FieldType | string): number {
  return type === "select" || type === "checkbox" ? 2 : 0;
}

/** Whether the remove button of an option is enabled (disabled at the minimum). */
export function canRemoveOption(field: Pick<FormField, "type" | "options">): boolean {
  return (field.options?.length ?? 0) > minOptions(field.type);
}

/** The field with option `index` removed, or unchanged when that would go below the minimum. */
export function removeOption<T extends Pick<FormField, "type" | "options">>(field: T, index: number): T {
  const options = field.options ?? [];
  if (!canRemoveOption(field) || index < 0 || index >= options.length) return field;
  return { ...field, options: options.filter((_, i) => i !== index) };
}

/** The field with a new option 'Option n' appended (n = first number not already used). */
export function addOption<T extends Pick<FormField, "options">>(field: T): T {
  const options = field.options ?? [];
  let n = options.length + 1;
  while (options.includes(`Option ${n}`)) n += 1;
  return { ...field, options: [...options, `Option ${n}`] };
}

export function renameOption<T extends Pick<FormField, "options">>(
  field: T,
  index: number,
  value: string,
): T {
  const options = field.options ?? [];
  if (index < 0 || index >= options.length) return field;
  return { ...field, options: options.map((option, i) => (i === index ? value : option)) };
}

/** Size (MB) and count inputs: at least 1; anything invalid falls back to 1. Counts are whole numbers. */
export function sanitizeMinOne(value: unknown, { integer = false }: { integer?: boolean } = {}): number {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(n) || n < 1 || (typeof value === "string" && value.trim() === "")) return 1;
  return integer ? Math.floor(n) : n;
}

/** A file or media size: 1..50 MB (invalid falls back to 1, above 50 is clamped to 50). */
export function sanitizeMaxSizeMb(value: unknown): number {
  return Math.min(MAX_FIELD_SIZE_MB, sanitizeMinOne(value));
}

export function sanitizeMaxCount(value: unknown): number {
  return sanitizeMinOne(value, { integer: true });
}

/** The fields with `id` marked as the review's title (`on`) or not; a form keeps one title field. */
export function markTitleField<T extends Pick<FormField, "id" | "review_title">>(
  fields: readonly T[],
  id: string,
  on: boolean,
): T[] {
  return fields.map((field) =>
    field.id === id
      ? { ...field, review_title: on }
      : field.review_title && on
        ? { ...field, review_title: false }
        : field,
  );
}

export interface FormSaveInput {
  name: string | null | undefined;
  title: string | null | undefined;
  fields: readonly Pick<FormField, "required">[];
}

/** Problems of the editor's save rules, as message codes (texts: @certavis/i18n-fr). */
export interface FormSaveErrors {
  name?: DomainMessageCode;
  title?: DomainMessageCode;
  schema?: DomainMessageCode[];
}

/**
 * Save rules of the form editor (spec §5): name and title non-empty after trimming, at least two
 * fields, at least one required field. An empty object means the form can be saved.
 */
export function validateFormForSave({ name, title, fields }: FormSaveInput): FormSaveErrors {
  const errors: FormSaveErrors = {};
  if (!name?.trim()) errors.name = "fieldEmpty";
  if (!title?.trim()) errors.title = "fieldEmpty";
  const schema: DomainMessageCode[] = [];
  if (fields.length < 2) schema.push("form.minTwoFields");
  if (!fields.some((field) => field.required)) schema.push("form.oneRequired");
  if (schema.length > 0) errors.schema = schema;
  return errors;
}

export function hasFormSaveErrors(errors: FormSaveErrors): boolean {
  return Boolean(errors.name || errors.title || errors.schema?.length);
}

const optionalInt = (min: number) => z.optional(z.nullable(z.int().check(z.minimum(min))));
const optional = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

/**
 * One stored form field (what the server accepts in a form's `schema`). Unknown keys are dropped.
 * Issues carry domain message codes (`messageOfIssue`).
 */
export const formFieldSchema = z
  .object({
    id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
    name: optional(z.string().check(z.maxLength(200))),
    type: z.enum(FIELD_TYPES, { error: "form.unknownType" }),
    label: z.string().check(z.maxLength(500)),
    required: z._default(z.boolean(), false),
    options: z.optional(z.array(z.string({ error: "form.optionsText" }))),
    page: z._default(z.int().check(z.minimum(0)), 0),
    position: z._default(z.int().check(z.minimum(0)), 0),
    rating_max: optional(z.int().check(z.minimum(1), z.maximum(10))),
    rating_type: optional(z.enum(RATING_TYPES)),
    rating_half_steps: optional(z.boolean()),
    min_length: optionalInt(0),
    max_length: optionalInt(0),
    min: optional(z.number()),
    max: optional(z.number()),
    accept: optional(z.string()),
    multiple: optional(z.boolean()),
    max_size_mb: optional(
      z.number().check(z.minimum(1, "form.maxSizeMb"), z.maximum(MAX_FIELD_SIZE_MB, "form.maxSizeMb")),
    ),
    allow_images: optional(z.boolean()),
    allow_videos: optional(z.boolean()),
    max_count: optionalInt(1),
    placeholder: optional(z.string()),
    help_text: optional(z.string()),
    review_title: optional(z.boolean()),
  })
  .check(
    z.superRefine((field, ctx) => {
      if ((field.options?.length ?? 0) < minOptions(field.type)) {
        ctx.addIssue({ code: "custom", path: ["options"], message: "form.tooFewOptions" });
      }
      if (field.review_title === true && field.type !== "text") {
        ctx.addIssue({ code: "custom", path: ["review_title"], message: "form.titleFieldType" });
      }
    }),
  );

/** A form's list of fields: valid fields with unique ids. */
export const formFieldsSchema = z.array(formFieldSchema, { error: "form.notAList" }).check(
  z.superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (seen.has(field.id)) {
        ctx.addIssue({
          code: "custom",
          path: [index, "id"],
          message: "form.duplicateId",
          params: { id: field.id },
        });
      }
      seen.add(field.id);
    });
    if (fields.filter((field) => field.review_title === true).length > 1) {
      ctx.addIssue({ code: "custom", path: [], message: "form.oneTitleField" });
    }
  }),
);

const nonEmpty = (max: number) =>
  z.string({ error: "fieldEmpty" }).check(z.trim(), z.minLength(1, "fieldEmpty"), z.maxLength(max));

/** Create/update body of a form with the editor's save rules (messages keyed name, title, schema). */
export const formSaveSchema = z
  .object({
    name: nonEmpty(200),
    title: nonEmpty(300),
    description: optional(z.string()),
    schema: formFieldsSchema,
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.schema.length < 2) {
        ctx.addIssue({ code: "custom", path: ["schema"], message: "form.minTwoFields" });
      }
      if (!form.schema.some((field) => field.required)) {
        ctx.addIssue({ code: "custom", path: ["schema"], message: "form.oneRequired" });
      }
    }),
  );

export type FormFieldInput = z.input<typeof formFieldSchema>;
