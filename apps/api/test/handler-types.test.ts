import { describe, expect, it } from "vitest";
import { defineHandlers } from "../src/http/operation-types";

// Checked by `tsc` (pnpm typecheck): a handler whose answer drifts from openapi/ does not compile.
const drifting = defineHandlers({
  // @ts-expect-error `status` is not one of the contract's values and `count` is missing.
  companyFormsList: async () => ({ results: [], next: null, previous: null, status: "nope" }),
  // @ts-expect-error a product answer must be the contract's `Product`, not null.
  companyProductsGet: async () => null,
});

const conforming = defineHandlers({
  companyFormsList: async () => ({ count: 0, next: null, previous: null, results: [] }),
  companyFormsDelete: async (_request, reply) => {
    reply.code(204);
  },
});

describe("handler types", () => {
  it("declares handlers by operationId", () => {
    expect(Object.keys(drifting)).toEqual(["companyFormsList", "companyProductsGet"]);
    expect(Object.keys(conforming)).toEqual(["companyFormsList", "companyFormsDelete"]);
  });
});
