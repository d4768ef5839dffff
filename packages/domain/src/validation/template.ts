import { z } from "zod/mini";

export const TEMPLATE_TYPES = ["request", "reminder", "thanks"] as const;

export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** Types the editor offers; thanks and default templates keep their type read-only. */
export const EDITABLE_TEMPLATE_TYPES: readonly TemplateType[] = ["request", "reminder"];

export function isTemplateType(value: unknown): value is TemplateType {
  return typeof value === "string" && (TEMPLATE_TYPES as readonly string[]).includes(value);
}

/** Reads `type` or `category` aliases case-insensitively; null when unknown. */
export function normalizeTemplateType(value: unknown): TemplateType | null {
  if (typeof value !== "string") return null;
  const lowered = value.trim().toLowerCase();
  return isTemplateType(lowered) ? lowered : null;
}

/** Whether the type select is read-only for a template (thanks or default templates). */
export function isTemplateTypeLocked(template: { type: unknown; is_default?: boolean | null }): boolean {
  return template.is_default === true || normalizeTemplateType(template.type) === "thanks";
}

/** Editor variables, written `{{ name }}` in subject and body (spec §3). */
export const TEMPLATE_VARIABLES = [
  "nom_entreprise",
  "nom_produit",
  "prenom_acheteur",
  "nom_acheteur",
  "email_acheteur",
  "url_avis",
] as const;

export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** English names used by the preview substitution (spec §3), mapped onto the editor variables. */
export const TEMPLATE_VARIABLE_ALIASES: Readonly<Record<string, TemplateVariable>> = {
  company_name: "nom_entreprise",
  product_name: "nom_produit",
  buyer_firstname: "prenom_acheteur",
  buyer_lastname: "nom_acheteur",
  buyer_email: "email_acheteur",
  url_review: "url_avis",
};

/** Values used by the editor preview. */
export const SAMPLE_TEMPLATE_VALUES: Readonly<Record<TemplateVariable, string>> = {
  nom_entreprise: "Ma Boutique",
  nom_produit: "Produit exemple",
  prenom_acheteur: "Marie",
  nom_acheteur: "Dupont",
  email_acheteur: "marie.dupont@exemple.fr",
  url_avis: "https://exemple.fr/create-reviews?api_key=exemple",
};

/** `{{ variable }}` as inserted by the editor. */
export function variableToken(name: TemplateVariable): string {
  return `{{ ${name} }}`;
}

const VARIABLE_PATTERN = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const REVIEW_LINK_PATTERN = /\{\{\s*(url_avis|url_review)\s*\}\}/;

/** Whether a body contains the review-link variable (spaces inside the braces tolerated). */
export function containsReviewLink(body: string): boolean {
  return REVIEW_LINK_PATTERN.test(body);
}

/** Whether templates of this type must contain `{{ url_avis }}` (request and reminder). */
export function requiresReviewLink(type: unknown): boolean {
  const normalized = normalizeTemplateType(type);
  return normalized === "request" || normalized === "reminder";
}

/** `template.missingReviewLink` when a request/reminder body lacks `{{ url_avis }}`; else null. */
export function validateTemplateBody(type: unknown, body: string): "template.missingReviewLink" | null {
  return requiresReviewLink(type) && !containsReviewLink(body) ? "template.missingReviewLink" : null;
}

/** Names of the variables used in a text, in order of first appearance. */
export function usedVariables(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(VARIABLE_PATTERN)) {
    const name = match[1];
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export interface RenderTemplateOptions {
  /** Escape substituted values for an HTML context (the template text itself is left as written). */
  html?: boolean;
}

/**
 * Replaces `{{ var }}` (any spacing) with its value. English preview names (company_name, …) resolve to
 * the editor variables. A variable without a value is left as written.
 */
export function renderTemplate(
  text: string,
  values: Readonly<Partial<Record<string, string | number | null | undefined>>>,
  options: RenderTemplateOptions = {},
): string {
  return text.replace(VARIABLE_PATTERN, (token, name: string) => {
    const direct = values[name];
    const alias = TEMPLATE_VARIABLE_ALIASES[name];
    const value = direct ?? (alias ? values[alias] : undefined);
    if (value === null || value === undefined) return token;
    const textValue = String(value);
    return options.html ? escapeHtml(textValue) : textValue;
  });
}

const nonEmpty = (max: number) => z.string().check(z.trim(), z.minLength(1, "fieldEmpty"), z.maxLength(max));

/** Server-side body of a template create/update (issues carry domain message codes). */
export const templateInputSchema = z
  .object({
    name: nonEmpty(200),
    subject: nonEmpty(300),
    body: z.string(),
    type: z.enum(TEMPLATE_TYPES),
  })
  .check(
    z.superRefine((value, ctx) => {
      const problem = validateTemplateBody(value.type, value.body);
      if (problem) ctx.addIssue({ code: "custom", path: ["body"], message: problem });
    }),
  );

export type TemplateInput = z.infer<typeof templateInputSchema>;
