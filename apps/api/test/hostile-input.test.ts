/**
 * Hostile input over every operation of the contract: a NUL character or a lone UTF-16
 * surrogate in any query parameter or JSON string, and offsets/limits too large for any database,
 * must each answer a French 400 on the field they sit in — and no request of this file may answer 5xx.
 */
import { validation } from "@certavis/i18n-fr/messages/validation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContractOperation } from "../src/http/openapi-routes";
import {
  authHeaders,
  CONTRACT_OPERATIONS,
  createCompanyFor,
  createTestApp,
  registerVerifiedUser,
  resolveRef,
  TEST_DATABASES,
  type TestApp,
  type TestCompany,
} from "./helpers";
import { signedInOperator } from "./operators/support";

const DUMMY_ID = "00000000-0000-4000-8000-000000000000";
/** JSON text of each hostile string (escaped, so the request body itself is valid UTF-8). */
const HOSTILE_JSON = {
  nul: '"ab\\u0000cd"',
  loneHighSurrogate: '"ab\\ud800cd"',
  loneLowSurrogate: '"\\udc00"',
};
const NUL_QUERY = "ab%00cd";
/** Percent-decoding is UTF-8: the encoded surrogate reads as U+FFFD, harmless, but must not break anything. */
const ENCODED_SURROGATE_QUERY = "ab%ED%A0%80cd";
const HUGE_NUMBERS = ["9223372036854775807", "1e20", "1e309", "-1"];

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  $ref?: string;
  [k: string]: unknown;
};

function resolve(value: unknown): Schema {
  return (resolveRef(value) ?? {}) as Schema;
}

function typesOf(schema: Schema): string[] {
  const own = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const alternatives = [...((schema.oneOf as Schema[]) ?? []), ...((schema.anyOf as Schema[]) ?? [])];
  return [...own, ...alternatives.flatMap((s) => typesOf(resolve(s)))];
}

function jsonBodySchema(op: ContractOperation): Schema | null {
  const requestBody = resolve(op.operation.requestBody) as { content?: Record<string, { schema?: object }> };
  const schema = requestBody?.content?.["application/json"]?.schema;
  return schema ? resolve(schema) : null;
}

/** Top-level properties of the JSON body that take a string (every one is tried). */
function stringProperties(op: ContractOperation): string[] {
  const schema = jsonBodySchema(op);
  if (!schema) return [];
  const all: Record<string, Schema> = { ...(schema.properties ?? {}) };
  for (const part of [...((schema.allOf as Schema[]) ?? []), ...((schema.oneOf as Schema[]) ?? [])]) {
    Object.assign(all, resolve(part).properties ?? {});
  }
  return Object.entries(all)
    .filter(([, s]) => typesOf(resolve(s)).includes("string"))
    .map(([name]) => name);
}

function queryParameters(op: ContractOperation): Array<{ name: string; types: string[] }> {
  return op.parameters
    .filter((p) => p.in === "query")
    .map((p) => ({ name: p.name as string, types: typesOf(resolve(p.schema)) }));
}

function urlOf(op: ContractOperation): string {
  // A path parameter of fixed values takes a valid one (the operators' queue): the query is under test.
  const valid: Record<string, string> = { id: DUMMY_ID, queue: "flagged" };
  return op.url.replace(/:([^/]+)/g, (_, name: string) => valid[name] ?? "abc");
}

describe.each(TEST_DATABASES)("hostile input on every operation (%s)", (kind) => {
  let t: TestApp;
  let company: TestCompany;
  let operatorAccess: string;
  const serverErrors: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind });
    company = await createCompanyFor(t, await registerVerifiedUser(t), { planType: "EXPANSION" });
    operatorAccess = (await signedInOperator(t)).access;
  });
  afterAll(async () => {
    await t?.close();
  });

  function headersFor(op: ContractOperation, json: boolean): Record<string, string> {
    // The operators' console answers only its operators (signed in with their second factor).
    const access = op.path.startsWith("/operator/") ? operatorAccess : company.owner.access;
    const headers: Record<string, string> = { ...authHeaders(access), "x-api-key": company.apiKey };
    if (json) headers["content-type"] = "application/json";
    return headers;
  }

  async function send(op: ContractOperation, query: string, body?: string) {
    const response = await t.inject({
      method: op.method,
      url: `${urlOf(op)}${query ? `?${query}` : ""}`,
      headers: headersFor(op, body !== undefined),
      ...(body !== undefined ? { payload: body } : {}),
    });
    if (response.statusCode >= 500)
      serverErrors.push(`${op.operationId} ${query} ${body ?? ""} → ${response.statusCode}`);
    return response;
  }

  const withQuery = CONTRACT_OPERATIONS.filter((op) => queryParameters(op).length > 0);
  const withBody = CONTRACT_OPERATIONS.filter((op) => stringProperties(op).length > 0);

  it.each(withQuery.map((op) => [op.operationId, op] as const))(
    "%s: NUL, lone surrogates and huge numbers in the query are a French 400 on the parameter",
    async (_id, op) => {
      const emptyBody = jsonBodySchema(op) ? "{}" : undefined;
      for (const { name, types } of queryParameters(op)) {
        if (types.includes("string")) {
          const nul = await send(op, `${name}=${NUL_QUERY}`, emptyBody);
          expect(nul.statusCode, `${name}=${NUL_QUERY}: ${nul.body}`).toBe(400);
          expect(nul.json()[name], nul.body).toEqual([validation.invalidCharacter]);
          const surrogate = await send(op, `${name}=${ENCODED_SURROGATE_QUERY}`, emptyBody);
          expect(surrogate.statusCode, surrogate.body).toBeLessThan(500);
        }
        if (types.includes("integer")) {
          for (const value of HUGE_NUMBERS) {
            const response = await send(op, `${name}=${value}`, emptyBody);
            expect(response.statusCode, `${name}=${value}: ${response.body}`).toBe(400);
            expect(response.json()[name], `${name}=${value}: ${response.body}`).toBeDefined();
          }
        }
      }
    },
  );

  it.each(withBody.map((op) => [op.operationId, op] as const))(
    "%s: NUL and lone surrogates in any string of the body are a French 400 on that field",
    async (_id, op) => {
      for (const property of stringProperties(op)) {
        for (const value of Object.values(HOSTILE_JSON)) {
          const response = await send(op, "", `{"${property}": ${value}}`);
          expect(response.statusCode, `${property}: ${value}: ${response.body}`).toBe(400);
          expect(response.json()[property], `${property}: ${value}`).toEqual([validation.invalidCharacter]);
        }
      }
    },
  );

  it("a review submission with a NUL in an answer is a 400 keyed by the answer's field id", async () => {
    const op = CONTRACT_OPERATIONS.find((o) => o.operationId === "reviewSubmit");
    if (!op) throw new Error("reviewSubmit is not in the contract");
    for (const value of Object.values(HOSTILE_JSON)) {
      const response = await send(op, "api_key=abc", `{"answers": {"comment": ${value}, "rating": 5}}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ comment: [validation.invalidCharacter] });
    }
  });

  it("no request of this suite answered 5xx", () => {
    expect(withQuery.length + withBody.length).toBeGreaterThan(30);
    expect(serverErrors).toEqual([]);
  });
});
