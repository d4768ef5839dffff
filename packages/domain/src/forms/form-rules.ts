import { z } from "zod";
import { FIELD_TYPES, type FieldType, type FormField, MAX_FIELD_SIZE_MB, RATING_TYPES } from "./field-types";

export const FORM_SAVE_MESSAGES = {
  empty: "Ce champ ne peut être vide.",
  minTwoFields: "Ajoutez au moins deux champs au formulaire.",
  oneRequired: "Marquez au moins un champ comme requis.",
  fallback: "Impossible de sauvegarder le formulaire.",
} as const;

export const FORM_SCHEMA_MESSAGES = {
  duplicateId: (id: string) => `L'identifiant de champ « ${id} » est utilisé plusieurs fois.`,
  unknownType: "Type de champ inconnu.",
  optionsText: "Les options doivent être du texte.",
  tooFewOptions: "Ce champ doit proposer au moins deux options.",
  invalidField: "Champ de formulaire invalide.",
  notAList: "Le schéma du formulaire doit être une liste de champs.",
  maxSizeMb: `La taille maximale d'un fichier doit être comprise entre 1 et ${MAX_FIELD_SIZE_MB} Mo.`,
  fieldsMismatch: "Les listes « fields » et « schema » doivent être identiques.",
} as const;

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

export interface FormSaveInput {
  name: string | null | undefined;
  title: string | null | undefined;
  fields: readonly Pick<FormField, "required">[];
}

export interface FormSaveErrors {
  name?: string;
  title?: string;
  schema?: string[];
}

/**
 * Save rules of the form editor (spec §5): name and title non-empty after trimming, at least two
 * fields, at least one required field. An empty object means the form can be saved.
 */
export function validateFormForSave({ name, title, fields }: FormSaveInput): FormSaveErrors {
  const errors: FormSaveErrors = {};
  if (!name?.trim()) errors.name = FORM_SAVE_MESSAGES.empty;
  if (!title?.trim()) errors.title = FORM_SAVE_MESSAGES.empty;
  const schema: string[] = [];
  if (fields.length < 2) schema.push(FORM_SAVE_MESSAGES.minTwoFields);
  if (!fields.some((field) => field.required)) schema.push(FORM_SAVE_MESSAGES.oneRequired);
  if (schema.length > 0) errors.schema = schema;
  return errors;
}

export function hasFormSaveErrors(errors: FormSaveErrors): boolean {
  return Boolean(errors.name || errors.title || errors.schema?.length);
}

const optionalInt = (min: number) => z.number().int().min(min).nullable().optional();

/** One stored form field (what the server accepts in a form's `schema`). Unknown keys are dropped. */
export const formFieldSchema = z
  .object({
    id: z.string().trim().min(1).max(64),
    name: z.string().max(200).nullable().optional(),
    type: z.enum(FIELD_TYPES, { error: FORM_SCHEMA_MESSAGES.unknownType }),
    label: z.string().max(500),
    required: z.boolean().default(false),
    options: z.array(z.string({ error: FORM_SCHEMA_MESSAGES.optionsText })).optional(),
    page: z.number().int().min(0).default(0),
    position: z.number().int().min(0).default(0),
    rating_max: z.number().int().min(1).max(10).nullable().optional(),
    rating_type: z.enum(RATING_TYPES).nullable().optional(),
    min_length: optionalInt(0),
    max_length: optionalInt(0),
    min: z.number().nullable().optional(),
    max: z.number().nullable().optional(),
    accept: z.string().nullable().optional(),
    multiple: z.boolean().nullable().optional(),
    max_size_mb: z
      .number()
      .min(1, FORM_SCHEMA_MESSAGES.maxSizeMb)
      .max(MAX_FIELD_SIZE_MB, FORM_SCHEMA_MESSAGES.maxSizeMb)
      .nullable()
      .optional(),
    allow_images: z.boolean().nullable().optional(),
    allow_videos: z.boolean().nullable().optional(),
    max_count: optionalInt(1),
    placeholder: z.string().nullable().optional(),
    help_text: z.string().nullable().optional(),
  })
  .superRefine((field, ctx) => {
    if ((field.options?.length ?? 0) < minOptions(field.type)) {
      ctx.addIssue({ code: "custom", path: ["options"], message: FORM_SCHEMA_MESSAGES.tooFewOptions });
    }
  });

/** A form's list of fields: valid fields with unique ids. */
export const formFieldsSchema = z
  .array(formFieldSchema, { error: FORM_SCHEMA_MESSAGES.notAList })
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (seen.has(field.id)) {
        ctx.addIssue({
          code: "custom",
          path: [index, "id"],
          message: FORM_SCHEMA_MESSAGES.duplicateId(field.id),
        });
      }
      seen.add(field.id);
    });
  });

/** Create/update body of a form with the editor's save rules (messages keyed name, title, schema). */
export const formSaveSchema = z
  .object({
    name: z.string({ error: FORM_SAVE_MESSAGES.empty }).trim().min(1, FORM_SAVE_MESSAGES.empty).max(200),
    title: z.string({ error: FORM_SAVE_MESSAGES.empty }).trim().min(1, FORM_SAVE_MESSAGES.empty).max(300),
    description: z.string().nullable().optional(),
    schema: formFieldsSchema,
  })
  .superRefine((form, ctx) => {
    if (form.schema.length < 2) {
      ctx.addIssue({ code: "custom", path: ["schema"], message: FORM_SAVE_MESSAGES.minTwoFields });
    }
    if (!form.schema.some((field) => field.required)) {
      ctx.addIssue({ code: "custom", path: ["schema"], message: FORM_SAVE_MESSAGES.oneRequired });
    }
  });

export type FormFieldInput = z.input<typeof formFieldSchema>;
export type FormSave = z.infer<typeof formSaveSchema>;
