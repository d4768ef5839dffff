import { fr } from "@certavis/i18n-fr";

export interface LoginValues {
  email: string;
  password: string;
}

/**
 * Login fields are required (spec §5). Plain checks rather than zod: /login is the lightest route
 * (≤ 150 KB gzip of JS) and two required fields do not need a schema library.
 */
export function readLoginForm(form: FormData): { values: LoginValues; errors: Record<string, string> } {
  const values = {
    email: String(form.get("email") ?? "").trim(),
    password: String(form.get("password") ?? ""),
  };
  const errors: Record<string, string> = {};
  if (!values.email) errors.email = fr.validation.required;
  if (!values.password) errors.password = fr.validation.required;
  return { values, errors };
}
