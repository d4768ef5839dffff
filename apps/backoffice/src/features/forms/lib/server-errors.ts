import { ApiError, errorMessage, fieldErrors, generalErrors } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";

export interface ServerErrors {
  name?: string;
  title?: string;
  /** Schema and general errors, de-duplicated (spec §8). */
  box: string[];
}

/** Spec §8: name/title beside their inputs; schema and general errors in one de-duplicated box. */
export function serverErrors(error: unknown): ServerErrors {
  if (!(error instanceof ApiError) || error.status !== 400)
    return { box: [errorMessage(error, fr.errors.forms.saveFailed)] };
  const byField = fieldErrors(error);
  const body = (error.body ?? {}) as Record<string, unknown>;
  const box = Object.entries(body)
    .filter(([key]) => key !== "name" && key !== "title" && key in byField)
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter((message): message is string => typeof message === "string");
  box.push(...generalErrors(error));
  if (!byField.name && !byField.title && box.length === 0)
    box.push(errorMessage(error, fr.errors.forms.saveFailed));
  return { name: byField.name, title: byField.title, box };
}
