import { fr } from "@certavis/i18n-fr";
import type { FastifySchemaValidationError } from "fastify/types/schema";
import type { FieldErrors } from "./errors";

function fieldName(error: FastifySchemaValidationError, context: string | undefined): string {
  const params = error.params as Record<string, unknown>;
  const path = (error.instancePath ?? "")
    .split("/")
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (error.keyword === "required" && typeof params.missingProperty === "string")
    path.push(params.missingProperty);
  if (error.keyword === "additionalProperties" && typeof params.additionalProperty === "string")
    path.push(params.additionalProperty);
  if (path.length === 0) return context === "body" || !context ? "non_field_errors" : context;
  return path.join(".");
}

function message(error: FastifySchemaValidationError): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return fr.server.http.required;
    case "minLength":
      return p.limit === 1 ? fr.server.http.blank : fr.server.schema.minLength(Number(p.limit));
    case "maxLength":
      return fr.server.schema.maxLength(Number(p.limit));
    case "minimum":
    case "exclusiveMinimum":
      return fr.server.schema.minimum(Number(p.limit));
    case "maximum":
    case "exclusiveMaximum":
      return fr.server.schema.maximum(Number(p.limit));
    case "minItems":
      return fr.server.schema.minItems(Number(p.limit));
    case "maxItems":
      return fr.server.schema.maxItems(Number(p.limit));
    case "enum":
      return fr.server.schema.choices(((p.allowedValues as unknown[]) ?? []).join(", "));
    case "const":
      return fr.server.http.invalid;
    case "type":
      return p.type === "null" ? fr.server.http.invalid : typeLabel(String(p.type));
    case "format":
      return formatMessage(String(p.format));
    case "additionalProperties":
      return fr.server.http.unknownField;
    case "pattern":
      return fr.server.http.invalid;
    default:
      return fr.server.http.invalid;
  }
}

function typeLabel(type: string): string {
  if (type.includes("integer")) return fr.server.schema.integer;
  if (type.includes("number")) return fr.server.schema.number;
  if (type.includes("boolean")) return fr.server.schema.boolean;
  if (type.includes("string")) return fr.server.schema.string;
  if (type.includes("array")) return fr.server.schema.array;
  if (type.includes("object")) return fr.server.schema.object;
  return fr.server.http.invalid;
}

function formatMessage(format: string): string {
  switch (format) {
    case "email":
      return fr.server.http.invalidEmail;
    case "uuid":
      return fr.server.http.invalidUuid;
    case "date":
    case "date-time":
      return fr.server.http.invalidDate;
    case "uri":
    case "url":
      return fr.server.http.invalidUrl;
    default:
      return fr.server.http.invalid;
  }
}

/** The `oneOf`/`anyOf` alternative an error comes from (inline `.../oneOf/1` or a `$ref`'d schema). */
function branchOf(error: FastifySchemaValidationError): string | null {
  const path = error.schemaPath ?? "";
  const inline = /^(.*\/(?:oneOf|anyOf)\/\d+)(?:\/|$)/.exec(path);
  if (inline?.[1]) return inline[1];
  const referenced = /^(.*#\/components\/schemas\/[^/]+)(?:\/|$)/.exec(path);
  return referenced?.[1] ?? null;
}

function lexicographicallyLess(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}

/**
 * When a body matches none of several alternatives (e.g. profile update OR password change), report
 * only the errors of the alternative it is closest to: fewest unknown fields, then fewest missing
 * fields, then fewest errors. Reporting every alternative would list "unknown field" on fields the
 * caller meant for the other one.
 */
function closestAlternative(errors: FastifySchemaValidationError[]): FastifySchemaValidationError[] {
  if (!errors.some((e) => e.keyword === "oneOf" || e.keyword === "anyOf")) return errors;
  const groups = new Map<string, FastifySchemaValidationError[]>();
  for (const error of errors) {
    const branch = branchOf(error);
    if (branch) groups.set(branch, [...(groups.get(branch) ?? []), error]);
  }
  if (groups.size < 2) return errors;
  const score = (list: FastifySchemaValidationError[]) => [
    list.filter((e) => e.keyword === "additionalProperties").length,
    list.filter((e) => e.keyword === "required").length,
    list.length,
  ];
  let best: string | null = null;
  let bestScore: number[] = [];
  for (const [branch, list] of groups) {
    const current = score(list);
    if (best === null || lexicographicallyLess(current, bestScore)) {
      best = branch;
      bestScore = current;
    }
  }
  return errors.filter((e) => {
    const branch = branchOf(e);
    return !branch || !groups.has(branch) || branch === best;
  });
}

/**
 * Ajv errors → DRF-style `{field: ["message"]}` in French. `anyOf`/`oneOf` wrappers are skipped when
 * a more precise error about the same value exists.
 */
export function toFieldErrors(errors: FastifySchemaValidationError[], context?: string): FieldErrors {
  const out: FieldErrors = {};
  const precise = closestAlternative(errors).filter(
    (e) => !["anyOf", "oneOf", "if", "allOf"].includes(e.keyword),
  );
  for (const error of precise.length ? precise : errors) {
    const field = fieldName(error, context);
    const text = message(error);
    const list = out[field] ?? [];
    if (!list.includes(text)) list.push(text);
    out[field] = list;
  }
  return out;
}
