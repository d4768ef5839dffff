import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { fieldErrorsFromZod } from "./field-errors";

describe("fieldErrorsFromZod", () => {
  it("keeps the first path segment of nested issues", () => {
    const result = z.object({ b: z.array(z.number("required")) }).safeParse({ b: ["1", "2"] });
    expect(result.success ? {} : fieldErrorsFromZod(result.error)).toEqual({ b: [{ code: "required" }] });
  });

  it("groups codes by first path segment, de-duplicated, root issues under non_field_errors", () => {
    const schema = z
      .object({
        a: z.string().check(z.minLength(2, "fieldEmpty"), z.regex(/x/, "email")),
        b: z.array(z.number("required")),
      })
      .check(z.refine(() => false, "form.oneRequired"));
    const result = schema.safeParse({ a: "y", b: [1] });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrorsFromZod(result.error)).toEqual({
        a: [{ code: "fieldEmpty" }, { code: "email" }],
        non_field_errors: [{ code: "form.oneRequired" }],
      });
    }
  });

  it("reads values from the issue, and zod's own wording as invalid", () => {
    const schema = z.object({
      ref: z.string().check(z.maxLength(3, "order.tooLong")),
      other: z.string(),
    });
    const result = schema.safeParse({ ref: "abcd", other: 1 });
    expect(result.success ? {} : fieldErrorsFromZod(result.error)).toEqual({
      ref: [{ code: "order.tooLong", params: { max: 3 } }],
      other: [{ code: "invalid" }],
    });
  });
});
