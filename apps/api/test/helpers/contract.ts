import openapiDocument from "@certavis/openapi";
import { type ContractOperation, listOperations } from "../../src/http/openapi-routes";
import {
  compileCached,
  contractAjv,
  type OpenApiDocument,
  rewriteRefs,
} from "../../src/http/openapi-schemas";

export const CONTRACT = openapiDocument as unknown as OpenApiDocument;
/** Every operation of the contract (method, path, url, operationId). */
export const CONTRACT_OPERATIONS: ContractOperation[] = listOperations(CONTRACT);

/** What `app.inject` (light-my-request) or our fetch wrapper returns. */
export interface ResponseLike {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Follows local `$ref`s of the contract to the object they name. */
export function resolveRef(value: unknown): unknown {
  let current = value;
  while (current && typeof current === "object" && "$ref" in current) {
    const ref = (current as { $ref: string }).$ref;
    current = ref
      .slice(2)
      .split("/")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], CONTRACT);
  }
  return current;
}

function findOperation(target: string | { method: string; path: string }): ContractOperation {
  if (typeof target === "string") {
    const op = CONTRACT_OPERATIONS.find((o) => o.operationId === target);
    if (!op) throw new Error(`Unknown operationId ${target}`);
    return op;
  }
  const method = target.method.toUpperCase();
  const path = target.path.split("?")[0] ?? "";
  const op = CONTRACT_OPERATIONS.find((o) => {
    if (o.method !== method) return false;
    if (o.path === path || o.url === path) return true;
    const pattern = new RegExp(`^${o.url.replace(/:[^/]+/g, "[^/]+")}$`);
    return pattern.test(path);
  });
  if (!op) throw new Error(`No contract operation for ${method} ${path}`);
  return op;
}

/**
 * Fails unless the response's status is documented for the operation and its JSON body validates
 * (Ajv 2020-12) against the documented schema. Returns the parsed body.
 */
export function expectMatchesContract<T = unknown>(
  response: ResponseLike,
  target: string | { method: string; path: string },
): T {
  const op = findOperation(target);
  const responses = (op.operation.responses ?? {}) as Record<string, unknown>;
  const documented = resolveRef(responses[String(response.statusCode)] ?? responses.default) as
    | { content?: Record<string, { schema?: object }> }
    | undefined;
  if (!documented) {
    throw new Error(
      `${op.operationId}: status ${response.statusCode} is not in the contract (documented: ${Object.keys(responses).join(", ")}). Body: ${response.body.slice(0, 500)}`,
    );
  }
  const contentType = String(response.headers["content-type"] ?? "");
  // JSON bodies, and JSON-LD ones (`application/ld+json`), are validated against their schema.
  const jsonType = ["application/json", "application/ld+json"].find((t) => documented.content?.[t]?.schema);
  const jsonSchema = jsonType ? documented.content?.[jsonType]?.schema : undefined;
  if (!documented.content) {
    if (response.body.length > 0)
      throw new Error(
        `${op.operationId}: ${response.statusCode} must have no body, got ${response.body.slice(0, 200)}`,
      );
    return undefined as T;
  }
  if (!jsonSchema) {
    const types = Object.keys(documented.content);
    if (!types.some((t) => contentType.startsWith(t.replace("*", ""))))
      throw new Error(`${op.operationId}: content-type ${contentType} not in ${types.join(", ")}`);
    return response.body as T;
  }
  if (!contentType.startsWith(jsonType ?? "application/json"))
    throw new Error(
      `${op.operationId}: expected ${jsonType}, got ${contentType}: ${response.body.slice(0, 200)}`,
    );
  const body = JSON.parse(response.body) as T;
  const validate = compileCached(contractAjv(CONTRACT).body, rewriteRefs(jsonSchema));
  if (!validate(body)) {
    throw new Error(
      `${op.operationId} ${response.statusCode}: body does not match the contract:\n${JSON.stringify(validate.errors, null, 2)}\nBody: ${response.body.slice(0, 1500)}`,
    );
  }
  return body;
}
