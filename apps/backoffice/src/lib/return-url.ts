/** What a product's editor link asks to preselect on return (spec §2). */
export type AssignField = "request" | "reminder" | "form";

const ASSIGN_FIELDS: readonly string[] = ["request", "reminder", "form"];

/** A `return` address is only followed inside the app (a path), never to another site. */
export function safeReturnPath(value: string | null): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

export function readAssignField(value: string | null): AssignField | null {
  return value && ASSIGN_FIELDS.includes(value) ? (value as AssignField) : null;
}

/** The return address with `assign_field` and `assign_id` set (other query parameters kept). */
export function returnWithAssignment(returnPath: string, field: AssignField, id: string): string {
  const url = new URL(returnPath, "http://app.invalid");
  url.searchParams.set("assign_field", field);
  url.searchParams.set("assign_id", id);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The query parameters an editor keeps while it is open (`return`, `assign_field`). */
export function keepReturnParams(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of ["return", "assign_field"]) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : "";
}
