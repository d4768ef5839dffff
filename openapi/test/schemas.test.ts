import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";

// Compiles the contract's schemas the way the server does (Ajv, JSON Schema 2020-12, strict) and
// checks every example of the document against its schema.
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundled = readFileSync(join(root, "bundled", "openapi.json"), "utf8");
// Component refs become $defs refs of one standalone schema document.
const doc = JSON.parse(bundled.replaceAll('"#/components/schemas/', '"certavis#/$defs/')) as {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, object>;
    responses: Record<string, Response>;
    parameters: Record<string, { schema: object }>;
  };
};

type Example = { value?: unknown };
interface Media {
  schema?: object;
  example?: unknown;
  examples?: Record<string, Example>;
}
interface Response {
  $ref?: string;
  content?: Record<string, Media>;
}
interface Operation {
  parameters?: ({ schema?: object } & { $ref?: string })[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, Response>;
}

function newAjv(): Ajv2020 {
  // The options the server must use: strict, except `required` of a `*CreateInput` naming properties
  // that its allOf member declares (a false positive of strictRequired).
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  ajv.addFormat("binary", true);
  ajv.addSchema({ $id: "certavis", $defs: doc.components.schemas });
  return ajv;
}

function mediaOf(op: Operation): { where: string; media: Media }[] {
  const out: { where: string; media: Media }[] = [];
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
    out.push({ where: `body ${type}`, media });
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    const resolved = response.$ref
      ? doc.components.responses[response.$ref.replace("#/components/responses/", "")]
      : response;
    for (const [type, media] of Object.entries(resolved?.content ?? {}))
      out.push({ where: `${status} ${type}`, media });
  }
  return out;
}

const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ["get", "post", "patch", "put", "delete"].includes(method))
    .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
);

describe("schemas under Ajv 2020 strict", () => {
  const ajv = newAjv();

  it.each(Object.keys(doc.components.schemas))("compiles %s", (name) => {
    expect(() => ajv.getSchema(`certavis#/$defs/${name}`)).not.toThrow();
    expect(ajv.getSchema(`certavis#/$defs/${name}`)).toBeTypeOf("function");
  });

  it("compiles every parameter, body and response schema", () => {
    let compiled = 0;
    for (const { key, op } of operations) {
      for (const param of op.parameters ?? []) {
        if (param.schema) {
          ajv.compile(param.schema);
          compiled++;
        }
      }
      for (const { where, media } of mediaOf(op)) {
        if (!media.schema) continue;
        expect(() => ajv.compile(media.schema as object), `${key} ${where}`).not.toThrow();
        compiled++;
      }
    }
    for (const param of Object.values(doc.components.parameters)) ajv.compile(param.schema);
    expect(compiled).toBeGreaterThan(150);
  });

  it("validates every example against its schema", () => {
    let checked = 0;
    for (const { key, op } of operations) {
      for (const { where, media } of mediaOf(op)) {
        if (!media.schema) continue;
        const validate = ajv.compile(media.schema);
        const examples = [
          ...(media.example === undefined ? [] : [media.example]),
          ...Object.values(media.examples ?? {}).map((e) => e.value),
        ];
        for (const example of examples) {
          expect(validate(example), `${key} ${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});

describe("request schemas reject what the server must refuse", () => {
  const ajv = newAjv();
  const schema = (name: string) => {
    const validate = ajv.getSchema(`certavis#/$defs/${name}`);
    if (!validate) throw new Error(name);
    return validate;
  };

  it("refuses unknown fields and requires the product name on create only", () => {
    expect(schema("ProductCreateInput")({ name: "Lampe" })).toBe(true);
    expect(schema("ProductCreateInput")({ status: "draft" })).toBe(false);
    expect(schema("ProductInput")({ status: "draft" })).toBe(true);
    expect(schema("ProductInput")({ status: "published" })).toBe(true);
    expect(schema("ProductInput")({ colour: "red" })).toBe(false);
    expect(schema("ProductInput")({ image: null, image_url: null })).toBe(true);
  });

  it("accepts an order by sku or product id, dates as date or date-time", () => {
    const order = {
      buyer_email: "a@exemple.fr",
      buyer_first_name: "A",
      buyer_last_name: "B",
      reference: "R1",
    };
    expect(schema("OrderInput")({ ...order, sku: "S" })).toBe(true);
    expect(schema("OrderInput")({ ...order, sku: "S", order_date: "2026-11-20" })).toBe(true);
    expect(schema("OrderInput")({ ...order, sku: "S", order_date: "2026-11-20T10:00:00Z" })).toBe(true);
    expect(schema("OrderInput")({ ...order, sku: "S", order_date: "hier" })).toBe(false);
    expect(schema("OrderInput")({ ...order, buyer_email: "nope", sku: "S" })).toBe(false);
  });

  it("tells a profile update from a password change", () => {
    const patch = ajv.compile({
      oneOf: [
        { $ref: "certavis#/$defs/ProfileUpdateInput" },
        { $ref: "certavis#/$defs/PasswordChangeInput" },
      ],
    });
    expect(patch({ first_name: "Claire" })).toBe(true);
    expect(patch({ current_password: "ancien", password: "nouveau-mdp" })).toBe(true);
    expect(patch({ current_password: "ancien" })).toBe(false);
    expect(patch({ first_name: "Claire", password: "nouveau-mdp" })).toBe(false);
  });

  it("accepts multipart review parts named file:<field id> only", () => {
    expect(schema("ReviewSubmissionMultipart")({ answers: "{}", "file:photo": "x" })).toBe(true);
    expect(schema("ReviewSubmissionMultipart")({ answers: "{}", photo: "x" })).toBe(false);
  });

  it("keeps form fields to the spec's types", () => {
    const field = { id: "f1", type: "rating", label: "Note", required: true, page: 0, position: 0 };
    expect(schema("FormField")(field)).toBe(true);
    expect(schema("FormField")({ ...field, type: "date" })).toBe(false);
  });
});
