import { validation } from "@certavis/i18n-fr/messages/validation";
import { HttpError } from "./errors";

// A NUL character, or a UTF-16 surrogate that is not part of a pair: PostgreSQL text cannot hold the
// first and UTF-8 cannot encode the second, so either would fail deep in a query or a mail as a 500.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasUnsafeText(value: string): boolean {
  return value.includes("\u0000") || LONE_SURROGATE.test(value);
}

/**
 * The field a bad string sits in, as the 400 names it: the top-level key, or for a review submission
 * (`{"answers": {"<field id>": …}}`) the answer's field id, as the form's other errors are keyed.
 */
function findUnsafeField(value: unknown, topKey: string | null, depth = 0): string | null {
  if (depth > 64) return null;
  if (typeof value === "string") return hasUnsafeText(value) ? (topKey ?? "non_field_errors") : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findUnsafeField(item, topKey, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (hasUnsafeText(key)) return topKey ?? "non_field_errors";
      const field = topKey === null ? key : topKey === "answers" && depth === 1 ? key : topKey;
      const found = findUnsafeField(item, field, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** Refuses, as a French 400 on the field, any NUL or lone surrogate in the query string or JSON body. */
export function rejectUnsafeText(parts: { query: unknown; body: unknown }): void {
  const field = findUnsafeField(parts.query, null) ?? findUnsafeField(parts.body, null);
  if (field) throw new HttpError(400, { [field]: [validation.invalidCharacter] });
}
