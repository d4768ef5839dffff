import type { z } from "zod";

/** The API's 400 body: messages per field, problems of the whole object under `non_field_errors`. */
export type FieldErrors = Record<string, string[]>;

/** Turns zod issues into `{field: [messages]}` (first path segment; root issues → non_field_errors). */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const head = issue.path[0];
    const key = head === undefined ? "non_field_errors" : String(head);
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

/** First message of each field (what the forms show). */
export function firstErrors(
  errors: Readonly<Record<string, readonly string[] | string | undefined>>,
): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    const message = Array.isArray(value) ? value[0] : value;
    if (typeof message === "string" && message !== "") first[key] = message;
  }
  return first;
}
