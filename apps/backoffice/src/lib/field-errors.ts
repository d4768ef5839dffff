import { ApiError, fieldErrors, generalErrors } from "@certavis/api-client";
import { toastError } from "./toast/error-toast";

export type FieldErrors = Record<string, string>;

/** 400 body → first message per field; general messages (detail, non_field_errors…) under `_general`. */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const out: FieldErrors = { ...fieldErrors(error) };
  const general = generalErrors(error)[0];
  if (general) out._general = general;
  return out;
}

/** zod issues → first message per top-level field. */
export function zodFieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_general");
    out[key] ??= issue.message;
  }
  return out;
}

/** A failed save: a 400's messages go to their fields, any other failure to an error toast. */
export function showSaveError(error: unknown, setErrors: (errors: FieldErrors) => void, fallback: string) {
  const fields = apiFieldErrors(error);
  if (Object.keys(fields).length > 0) setErrors(fields);
  else toastError(error, fallback);
}
