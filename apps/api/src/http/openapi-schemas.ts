import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

/** The `$id` under which the whole OpenAPI document is known to Ajv. */
export const DOCUMENT_ID = "certavis-openapi";

export type OpenApiDocument = {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
  security?: unknown[];
};

/** Deep copy where local refs (`#/components/...`) point into the registered document instead. */
export function rewriteRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(rewriteRefs) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] =
        key === "$ref" && typeof v === "string" && v.startsWith("#/") ? `${DOCUMENT_ID}${v}` : rewriteRefs(v);
    }
    return out as T;
  }
  return value;
}

export function createAjv(options: { coerce: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    validateSchema: false,
    coerceTypes: options.coerce ? "array" : false,
    useDefaults: options.coerce,
    removeAdditional: false,
  });
  addFormats(ajv);
  ajv.addFormat("binary", true);
  ajv.addFormat("password", true);
  return ajv;
}

/**
 * Two Ajv 2020-12 instances over one document: request bodies (no coercion) and
 * path/query parameters (string coercion, defaults). Cached per document object.
 */
export interface ContractAjv {
  body: Ajv2020;
  params: Ajv2020;
}

const cache = new WeakMap<object, ContractAjv>();

export function contractAjv(document: OpenApiDocument): ContractAjv {
  const cached = cache.get(document);
  if (cached) return cached;
  const registered = { ...rewriteRefs(document), $id: DOCUMENT_ID };
  const body = createAjv({ coerce: false });
  const params = createAjv({ coerce: true });
  body.addSchema(registered);
  params.addSchema(registered);
  const created = { body, params };
  cache.set(document, created);
  return created;
}

const compiled = new WeakMap<Ajv2020, Map<string, ValidateFunction>>();

/** Compiles (once per schema text) a schema that may reference the document. */
export function compileCached(ajv: Ajv2020, schema: object): ValidateFunction {
  let byKey = compiled.get(ajv);
  if (!byKey) {
    byKey = new Map();
    compiled.set(ajv, byKey);
  }
  const key = JSON.stringify(schema);
  let validate = byKey.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    byKey.set(key, validate);
  }
  return validate;
}
