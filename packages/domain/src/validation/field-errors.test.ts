import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsFromZod, firstErrors } from "./field-errors";

describe("fieldErrorsFromZod", () => {
  it("keeps the first path segment of nested issues", () => {
    const result = z.object({ b: z.array(z.number("nombre")) }).safeParse({ b: ["1", "2"] });
    expect(result.success ? {} : fieldErrorsFromZod(result.error)).toEqual({ b: ["nombre"] });
  });

  it("groups messages by first path segment, de-duplicated, root issues under non_field_errors", () => {
    const schema = z
      .object({ a: z.string().min(2, "trop court").regex(/x/, "sans x"), b: z.array(z.number("nombre")) })
      .refine(() => false, "global");
    const result = schema.safeParse({ a: "y", b: [1] });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrorsFromZod(result.error)).toEqual({
        a: ["trop court", "sans x"],
        non_field_errors: ["global"],
      });
    }
  });
});

describe("firstErrors", () => {
  it("keeps the first message per field", () => {
    expect(firstErrors({ a: ["un", "deux"], b: "seul", c: [], d: undefined })).toEqual({
      a: "un",
      b: "seul",
    });
  });
});
