import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { additions, entitySchemas, publicCalls, specCalls } from "./expected-operations";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundledPath = join(root, "bundled", "openapi.json");
const bundledText = readFileSync(bundledPath, "utf8");

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: Json[];
  responses?: Record<string, unknown>;
  requestBody?: { content?: Record<string, { schema?: Json }> };
}
interface Document {
  openapi: string;
  servers: { url: string }[];
  security: Json[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

const doc = JSON.parse(bundledText) as Document;
const methods = ["get", "post", "put", "patch", "delete"] as const;

function operations(): { key: string; op: Operation }[] {
  const out: { key: string; op: Operation }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of methods) {
      const op = item[method] as Operation | undefined;
      if (op) out.push({ key: `${method.toUpperCase()} ${path}`, op });
    }
  }
  return out;
}

function operation(key: string): Operation {
  const found = operations().find((o) => o.key === key);
  if (!found) throw new Error(`missing operation ${key}`);
  return found.op;
}

function resolve(schema: Json | undefined): Json | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== "string") return schema;
  const name = ref.replace("#/components/schemas/", "");
  return doc.components.schemas[name];
}

describe("bundled contract", () => {
  it("is OpenAPI 3.1 served under /api/v1 with bearer auth by default", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers.map((s) => s.url)).toEqual(["/api/v1"]);
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.apiKeyAuth).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-Api-Key",
    });
  });

  it.each([...specCalls, ...additions])("has %s", (key) => {
    expect(operations().map((o) => o.key)).toContain(key);
  });

  it("keeps a trailing slash on every path", () => {
    // A file (`…/audit.csv`, `…/badge.svg`, a feed `….xml`) is named like the file it answers.
    for (const path of Object.keys(doc.paths)) expect(path, path).toMatch(/(\/|\.(csv|svg|xml))$/);
  });

  it("gives every operation a unique camelCase operationId, a tag and a summary", () => {
    const ids = operations().map(({ key, op }) => {
      expect(op.operationId, key).toMatch(/^[a-z][a-zA-Z0-9]+$/);
      expect(op.tags?.length, key).toBeGreaterThan(0);
      expect(op.summary, key).toBeTruthy();
      return op.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives every operation a success response (303 only for the sandbox form posts)", () => {
    const redirects = [
      "POST /billing/sandbox/{session_id}/complete/",
      "POST /billing/sandbox/{session_id}/cancel/",
    ];
    for (const { key, op } of operations()) {
      const codes = Object.keys(op.responses ?? {});
      const ok = redirects.includes(key) ? /^303$/ : /^2\d\d$/;
      expect(
        codes.some((c) => ok.test(c)),
        `${key}: ${codes.join(",")}`,
      ).toBe(true);
    }
  });

  it("marks exactly the public calls as public and orders as API-key calls", () => {
    for (const { key, op } of operations()) {
      if ((publicCalls as readonly string[]).includes(key)) expect(op.security, key).toEqual([]);
      else if (key === "POST /orders/") expect(op.security, key).toEqual([{ apiKeyAuth: [] }]);
      else expect(op.security, key).toBeUndefined();
    }
  });

  it("lists the error statuses every caller can get", () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of methods) {
        const op = item[method] as (Operation & { parameters?: unknown[] }) | undefined;
        if (!op) continue;
        const key = `${method.toUpperCase()} ${path}`;
        const codes = Object.keys(op.responses ?? {});
        const validated =
          op.requestBody || op.parameters?.length || (item.parameters as unknown[] | undefined)?.length;
        if (validated && !path.startsWith("/billing/sandbox/")) expect(codes, `${key} 400`).toContain("400");
        if (op.security === undefined) expect(codes, `${key} 401`).toContain("401");
        if (path.includes("{")) expect(codes, `${key} 404`).toContain("404");
        if (op.requestBody?.content?.["multipart/form-data"]) expect(codes, `${key} 413`).toContain("413");
      }
    }
  });

  it("rejects unknown fields in every request body object", () => {
    for (const { key, op } of operations()) {
      if (key === "POST /billing/stripe/webhook/") continue; // a Stripe event, verified from raw bytes
      if (key === "POST /integrations/{id}/webhook/") continue; // a shop's order, verified from raw bytes
      if (key === "POST /mail/bounces/") continue; // a whole e-mail (a DSN), not an object
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        const schema = resolve(media.schema);
        const variants = (schema?.oneOf as Json[] | undefined)?.map(resolve) ?? [schema];
        for (const variant of variants) {
          const own = variant?.allOf ? resolve((variant.allOf as Json[])[0]) : variant;
          expect(own?.additionalProperties, `${key} ${type}`).toBe(false);
        }
      }
    }
  });

  it.each(entitySchemas)("has the component schema %s", (name) => {
    expect(doc.components.schemas[name]).toBeTypeOf("object");
  });

  it("keeps every reference inside the document as #/components/...", () => {
    const refs = [...bundledText.matchAll(/"\$ref": "([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of refs) expect(ref).toMatch(/^#\/components\/(schemas|responses|parameters)\/[A-Za-z]+$/);
  });

  it("resolves every reference", () => {
    const components = doc.components as unknown as Record<string, Record<string, unknown>>;
    for (const [, section, name] of bundledText.matchAll(/"#\/components\/(\w+)\/(\w+)"/g)) {
      expect(components[section as string]?.[name as string], `${section}/${name}`).toBeDefined();
    }
  });
});

describe("decisions encoded in the contract", () => {
  function jsonSchema(key: string, status: string): Json | undefined {
    const response = operation(key).responses?.[status] as { content?: Record<string, { schema?: Json }> };
    return resolve(response?.content?.["application/json"]?.schema);
  }

  it("accepts an invitation by UUID or by e-mailed code (string id, not uuid)", () => {
    const op = operation("POST /company/invites/{id}/accept/") as Operation & { parameters?: Json[] };
    const item = doc.paths["/company/invites/{id}/accept/"] as { parameters?: { schema: Json }[] };
    const param = [...(op.parameters ?? []), ...(item.parameters ?? [])][0] as { schema: Json };
    expect(param.schema.type).toBe("string");
    expect(param.schema.format).toBeUndefined();
  });

  it("answers an existing order 200 and a new one 201, both with review_url", () => {
    for (const status of ["200", "201"]) {
      const schema = jsonSchema("POST /orders/", status);
      expect(JSON.stringify(schema), status).toContain("review_url");
    }
  });

  it("takes JSON and multipart on product create/update, company update and review submit", () => {
    for (const key of [
      "POST /company/products/",
      "PATCH /company/products/{id}/",
      "PATCH /company/",
      "POST /review/",
    ]) {
      expect(Object.keys(operation(key).requestBody?.content ?? {}).sort(), key).toEqual([
        "application/json",
        "multipart/form-data",
      ]);
    }
  });

  it("answers 409 'Cet avis a déjà été modéré.' on a review that is no longer pending (one-way moderation, §10.12)", () => {
    const response = operation("PATCH /company/reviews/{id}/").responses?.["409"] as Json;
    expect(JSON.stringify(response)).toContain("Cet avis a déjà été modéré.");
  });

  it("answers 403 with the spec's detail on GET /company/ without a company", () => {
    const response = operation("GET /company/").responses?.["403"] as Json;
    expect(JSON.stringify(response)).toContain("Vous n'appartenez à aucune entreprise.");
  });

  it("serves public reviews with cache headers and 304", () => {
    const responses = operation("GET /public/reviews/").responses ?? {};
    expect(Object.keys(responses)).toContain("304");
    expect(Object.keys((responses["200"] as { headers: Json }).headers).sort()).toEqual([
      "Cache-Control",
      "ETag",
    ]);
  });

  it("limits review pages to 200 and other pages to 100", () => {
    const limitOf = (key: string) => {
      const params = (operation(key) as { parameters?: Json[] }).parameters ?? [];
      const limit = params
        .map((p) =>
          p.$ref
            ? (doc.components as unknown as Record<string, Record<string, Json>>).parameters?.[
                String(p.$ref).split("/").pop() as string
              ]
            : p,
        )
        .find((p) => p?.name === "limit");
      return (limit?.schema as Json | undefined)?.maximum;
    };
    expect(limitOf("GET /company/reviews/")).toBe(200);
    expect(limitOf("GET /company/products/{id}/reviews/")).toBe(200);
    expect(limitOf("GET /company/products/")).toBe(100);
    expect(limitOf("GET /company/orders/")).toBe(100);
  });

  it("lists plan limits with null meaning unlimited", () => {
    const limits = doc.components.schemas.PlanLimits as { properties: Record<string, Json> };
    expect(limits.properties.max_products?.type).toEqual(["integer", "null"]);
  });
});

describe("bundle freshness", () => {
  const dir = mkdtempSync(join(tmpdir(), "certavis-openapi-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("equals a fresh `redocly bundle` of openapi.yaml (run `pnpm --filter @certavis/openapi generate`)", () => {
    const out = join(dir, "openapi.json");
    execFileSync(
      join(root, "node_modules", ".bin", "redocly"),
      ["bundle", "openapi.yaml", "-o", out, "--ext", "json"],
      {
        cwd: root,
        stdio: "pipe",
      },
    );
    expect(readFileSync(out, "utf8")).toBe(bundledText);
  }, 60_000);
});
