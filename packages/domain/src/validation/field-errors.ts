import { type DomainMessage, type IssueLike, messageOfIssue } from "../messages";

/**
 * The problems of a body in the API's 400 shape: message codes per field, problems of the whole object
 * under `non_field_errors` (texts: `domainFieldErrorsText` of @certavis/i18n-fr).
 */
export type FieldErrors = Record<string, DomainMessage[]>;

const sameMessage = (a: DomainMessage, b: DomainMessage) =>
  a.code === b.code && JSON.stringify(a.params) === JSON.stringify(b.params);

/** Turns zod issues into `{field: [messages]}` (first path segment; root issues → non_field_errors). */
export function fieldErrorsFromZod(error: {
  issues: readonly (IssueLike & { path: readonly PropertyKey[] })[];
}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const head = issue.path[0];
    const key = head === undefined ? "non_field_errors" : String(head);
    const list = errors[key] ?? [];
    const found = messageOfIssue(issue);
    if (!list.some((known) => sameMessage(known, found))) list.push(found);
    errors[key] = list;
  }
  return errors;
}
