import { describe, expect, it } from "vitest";
import { message } from "../messages";
import { isUuid, parseOrderDate, validateOrderInput } from "./order";

const valid = {
  sku: "S1",
  buyer_email: "a@b.fr",
  buyer_first_name: "A",
  buyer_last_name: "B",
  reference: "R1",
};

describe("parseOrderDate", () => {
  it.each([
    ["2026-11-23", "2026-11-23T00:00:00.000Z"],
    ["2024-02-29", "2024-02-29T00:00:00.000Z"],
    ["2026-11-23T10:15:00Z", "2026-11-23T10:15:00.000Z"],
    ["2026-11-23T10:15:00+01:00", "2026-11-23T09:15:00.000Z"],
    ["2026-11-23T10:15", "2026-11-23T10:15:00.000Z"],
    ["2026-11-23 10:15:30", "2026-11-23T10:15:30.000Z"],
    ["2026-11-23T10:15:30.123Z", "2026-11-23T10:15:30.123Z"],
  ])("%s → %s", (input, iso) => {
    expect(parseOrderDate(input)?.toISOString()).toBe(iso);
  });

  it.each([
    "2026-02-29",
    "2026-13-01",
    "2026-11-31",
    "23/11/2026",
    "2026-11-23T25:00",
    "demain",
    "",
    "2026-1-5",
  ])("%j is rejected", (input) => {
    expect(parseOrderDate(input)).toBeNull();
  });
});

describe("validateOrderInput", () => {
  it("accepts a minimal order and normalises blanks", () => {
    expect(validateOrderInput({ ...valid, product_id: "", order_date: null })).toEqual({
      ok: true,
      order: valid,
    });
    expect(validateOrderInput({ ...valid, buyer_last_name: undefined })).toEqual({
      ok: true,
      order: { ...valid, buyer_last_name: "" },
    });
  });

  it.each([
    [{ ...valid, sku: undefined }, { product_id: [message("order.productMissing")] }],
    [{ ...valid, sku: "  " }, { product_id: [message("order.productMissing")] }],
    [{ ...valid, product_id: "123" }, { product_id: [message("order.productIdInvalid")] }],
    [{ ...valid, reference: "x".repeat(101) }, { reference: [message("order.tooLong", { max: 100 })] }],
    [{ ...valid, buyer_email: undefined }, { buyer_email: [message("required")] }],
    [{ ...valid, buyer_email: "a@b" }, { buyer_email: [message("email")] }],
    [{ ...valid, buyer_first_name: " " }, { buyer_first_name: [message("required")] }],
    [{ ...valid, reference: 12 }, { reference: [message("required")] }],
  ])("%j → %j", (input, errors) => {
    expect(validateOrderInput(input)).toEqual({ ok: false, errors });
  });

  it("reports a non-object at the root", () => {
    const result = validateOrderInput("nope");
    expect(result.ok).toBe(false);
    expect(result.ok ? {} : Object.keys(result.errors)).toEqual(["non_field_errors"]);
  });

  it.each([
    ["6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b", true],
    ["6F1C2A9E-3B4D-4E5F-8A7B-9C0D1E2F3A4B", true],
    ["6f1c2a9e3b4d4e5f8a7b9c0d1e2f3a4b", false],
  ])("isUuid(%s) = %s", (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });
});
