import { can } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from "fastify";
import type { AppConfig } from "../config";
import { authenticateApiKey, authenticateUser, isEnrolledOperator } from "./authenticate";
import { detailError, forbidden, notImplemented } from "./errors";
import { compileCached, contractAjv, type OpenApiDocument, rewriteRefs } from "./openapi-schemas";
import { type Access, OPERATION_ACCESS, SENSITIVE_OPERATIONS } from "./operation-access";
import type { OperationHandler, OperationHandlers } from "./operation-types";
import { sensitiveRateLimit } from "./security";
import { rejectUnsafeText } from "./unsafe-text";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

export interface ContractOperation {
  operationId: string;
  method: Uppercase<(typeof METHODS)[number]>;
  /** Path as written in the contract, e.g. `/company/members/{id}/`. */
  path: string;
  /** Fastify URL, e.g. `/api/v1/company/members/:id/`. */
  url: string;
  operation: Record<string, unknown>;
  parameters: Array<Record<string, unknown>>;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: object;
}

function resolveLocal(document: OpenApiDocument, value: unknown): unknown {
  let current = value;
  for (let depth = 0; depth < 10; depth++) {
    if (!current || typeof current !== "object" || !("$ref" in current)) return current;
    const ref = (current as { $ref: string }).$ref;
    if (!ref.startsWith("#/")) return current;
    current = ref
      .slice(2)
      .split("/")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
  }
  return current;
}

/** Every operation of the contract, with its resolved parameters. */
export function listOperations(document: OpenApiDocument, basePath = "/api/v1"): ContractOperation[] {
  const out: ContractOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = (item.parameters as unknown[] | undefined) ?? [];
    for (const method of METHODS) {
      const operation = item[method] as Record<string, unknown> | undefined;
      if (!operation || typeof operation.operationId !== "string") continue;
      const own = (operation.parameters as unknown[] | undefined) ?? [];
      const byKey = new Map<string, Record<string, unknown>>();
      for (const raw of [...shared, ...own]) {
        const parameter = resolveLocal(document, raw) as Parameter;
        byKey.set(`${parameter.in}:${parameter.name}`, parameter as unknown as Record<string, unknown>);
      }
      out.push({
        operationId: operation.operationId,
        method: method.toUpperCase() as ContractOperation["method"],
        path,
        url: basePath + path.replace(/\{([^}]+)\}/g, ":$1"),
        operation,
        parameters: [...byKey.values()],
      });
    }
  }
  return out;
}

function parametersSchema(parameters: Array<Record<string, unknown>>, location: string): object | undefined {
  const selected = parameters.filter((p) => p.in === location) as unknown as Parameter[];
  if (selected.length === 0) return undefined;
  return {
    type: "object",
    properties: Object.fromEntries(selected.map((p) => [p.name, p.schema ?? {}])),
    required: selected.filter((p) => p.required).map((p) => p.name),
  };
}

function bodySchema(document: OpenApiDocument, operation: Record<string, unknown>): object | undefined {
  const requestBody = resolveLocal(document, operation.requestBody) as
    | { content?: Record<string, { schema?: object }> }
    | undefined;
  const json = requestBody?.content?.["application/json"]?.schema;
  if (!json) return undefined;
  // Keyed by content type: multipart bodies are parsed and checked by their handlers.
  return { content: { "application/json": { schema: json } } };
}

interface BodySpec {
  /** Media types of the contract's requestBody (`application/json`, `multipart/form-data`, ...). */
  types: string[];
  required: boolean;
}

function bodySpec(document: OpenApiDocument, operation: Record<string, unknown>): BodySpec | null {
  const requestBody = resolveLocal(document, operation.requestBody) as
    | { content?: Record<string, unknown>; required?: boolean }
    | undefined;
  if (!requestBody?.content) return null;
  return { types: Object.keys(requestBody.content), required: requestBody.required === true };
}

/**
 * Ajv only checks bodies of the documented JSON type: a body of another type (text/plain, multipart
 * where only JSON is documented) or a missing required body would reach the handler unchecked, so it
 * is refused here, in French, before any handler sees it.
 */
function enforceBodyType(spec: BodySpec, request: FastifyRequest): void {
  const raw = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const type = /^application\/(.+\+)?json$/.test(raw) ? "application/json" : raw;
  if (!type) {
    if (spec.required) throw detailError(400, fr.server.http.invalidJson);
    return;
  }
  if (!spec.types.includes(type)) throw detailError(400, fr.server.http.unsupportedMediaType);
  // An empty JSON body reads as no body (json-body.ts); multipart bodies are read by their handlers.
  if (type === "application/json" && request.body === undefined && spec.required)
    throw detailError(400, fr.server.http.invalidJson);
}

async function enforceAccess(access: Access, request: FastifyRequest): Promise<void> {
  switch (access.kind) {
    case "public":
      return;
    case "apiKey":
      request.apiKeyCompanyId = await authenticateApiKey(request);
      return;
    case "user":
    case "company": {
      const { user, membership } = await authenticateUser(request);
      request.user = user;
      request.membership = membership;
      if (access.confirmedEmail && !user.emailConfirmed) throw forbidden(fr.server.http.emailNotConfirmed);
      if (access.kind === "company") {
        if (!membership) throw forbidden(fr.server.http.noCompany);
        if (!can(membership.role, access.action)) throw forbidden(fr.server.http.forbidden);
      } else if (access.companyAction && membership && !can(membership.role, access.companyAction)) {
        throw forbidden(fr.server.http.forbidden);
      }
      return;
    }
    case "operator": {
      const { user, membership } = await authenticateUser(request);
      request.user = user;
      request.membership = membership;
      if (!(await isEnrolledOperator(request.server.ctx.db, user.id)))
        throw forbidden(fr.server.operators.operatorOnly);
      return;
    }
  }
}

export interface OpenApiRoutesOptions {
  document: OpenApiDocument;
  handlers: OperationHandlers;
  config: AppConfig;
  basePath?: string;
}

/**
 * One Fastify route per contract operation: parameters and JSON bodies validated by Ajv 2020-12 from
 * the document, access enforced from OPERATION_ACCESS, then the module handler (501 when missing).
 */
export function registerOpenApiRoutes(
  app: FastifyInstance,
  options: OpenApiRoutesOptions,
): ContractOperation[] {
  const { document, handlers, config } = options;
  const ajv = contractAjv(document);
  const operations = listOperations(document, options.basePath);
  const missingAccess = operations.filter((o) => !(o.operationId in OPERATION_ACCESS));
  if (missingAccess.length > 0) {
    throw new Error(
      `No access rule for: ${missingAccess.map((o) => o.operationId).join(", ")} (http/operation-access.ts)`,
    );
  }

  for (const op of operations) {
    const access = OPERATION_ACCESS[op.operationId as keyof typeof OPERATION_ACCESS];
    const handler = (handlers as Record<string, OperationHandler | undefined>)[op.operationId];
    const schema: Record<string, object> = {};
    const body = bodySchema(document, op.operation);
    const documentedBody = bodySpec(document, op.operation);
    if (body) schema.body = body;
    const querystring = parametersSchema(op.parameters, "query");
    if (querystring) schema.querystring = querystring;
    const params = parametersSchema(op.parameters, "path");
    if (params) schema.params = params;

    const route: RouteOptions = {
      method: op.method as HTTPMethods,
      url: op.url,
      schema,
      config: SENSITIVE_OPERATIONS.has(op.operationId) ? { rateLimit: sensitiveRateLimit(config) } : {},
      validatorCompiler: ({ schema: partSchema, httpPart }) =>
        compileCached(
          httpPart === "body" ? ajv.body : ajv.params,
          rewriteRefs(partSchema as object),
        ) as never,
      preValidation: async (request) => {
        request.operationId = op.operationId;
        await enforceAccess(access, request);
        if (documentedBody) enforceBodyType(documentedBody, request);
        rejectUnsafeText({ query: request.query, body: request.body });
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!handler) throw notImplemented();
        const result = await handler(request as never, reply);
        if (reply.sent || result === reply) return reply;
        if (result === undefined) return reply.send();
        return result;
      },
    };
    app.route(route);
  }
  return operations;
}
