/** DOM ids of a field's control, error and help text (field ids may hold any character). */
export function controlId(fieldId: string): string {
  return `rf-${fieldId.replace(/[^\w-]/g, "_")}`;
}

export function errorId(fieldId: string): string {
  return `${controlId(fieldId)}-error`;
}

export function helpId(fieldId: string): string {
  return `${controlId(fieldId)}-help`;
}

/** aria-describedby of a control: its help and error texts when present. */
export function describedBy(fieldId: string, hasHelp: boolean, hasError: boolean): string | undefined {
  const ids = [hasHelp ? helpId(fieldId) : null, hasError ? errorId(fieldId) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}
