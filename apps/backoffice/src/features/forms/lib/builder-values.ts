import { type FormField, normalizePages, sanitizeMaxCount, sanitizeMaxSizeMb } from "@certavis/domain";
import type { ReviewForm } from "../api/get-forms";
import type { FormPayload } from "../api/save-form";

/** What the builder edits (react-hook-form values). */
export interface BuilderValues {
  name: string;
  title: string;
  description: string;
  fields: FormField[];
}

export function initialValues(form: ReviewForm | null): BuilderValues {
  return {
    name: form?.name ?? "",
    title: form?.title ?? "",
    description: form?.description ?? "",
    fields: normalizePages((form?.schema ?? []) as FormField[]),
  };
}

/** The fields as saved: pages from 0, positions contiguous, sizes and counts within their bounds. */
export function savedFields(fields: readonly FormField[]): FormField[] {
  return normalizePages(fields).map((field) => {
    const out: FormField = { ...field };
    if (field.type === "file" || field.type === "media") {
      out.max_size_mb = sanitizeMaxSizeMb(field.max_size_mb);
      out.max_count = sanitizeMaxCount(field.max_count);
    }
    return out;
  });
}

/** Spec §7: POST name, title, schema, fields (the same list twice). */
export function toPayload(values: BuilderValues): FormPayload {
  const fields = savedFields(values.fields) as FormPayload["schema"];
  return {
    name: values.name.trim(),
    title: values.title.trim(),
    description: values.description.trim() || null,
    schema: fields,
    fields,
  };
}
