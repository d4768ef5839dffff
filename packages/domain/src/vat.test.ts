import { describe, expect, it } from "vitest";
import { invoiceNumber, normalizeSiren, normalizeVatNumber, priceHt, splitVat, toCents } from "./vat";

describe("splitVat", () => {
  it.each([
    [2999, 2499, 500],
    [7999, 6666, 1333],
    [0, 0, 0],
    [1, 1, 0],
  ])("%i cents TTC → %i HT + %i TVA", (ttc, ht, vat) => {
    expect(splitVat(ttc)).toEqual({ htCents: ht, vatCents: vat, ttcCents: ttc });
  });

  it("reads currency units and numbers invoices", () => {
    expect(toCents(29.99)).toBe(2999);
    expect(invoiceNumber(42)).toBe("F-000042");
    expect(priceHt(29.99)).toBe(24.99);
    expect(priceHt(79.99)).toBe(66.66);
  });
});

describe("the buyer's identifiers on an invoice", () => {
  it("reads a SIREN as typed (spaces allowed) and refuses one failing INSEE's check", () => {
    expect(normalizeSiren("732 829 320")).toBe("732829320");
    expect(normalizeSiren("732829321")).toBeNull();
    expect(normalizeSiren("12345678")).toBeNull();
  });

  it("reads an intra-EU VAT number in upper case without spaces", () => {
    expect(normalizeVatNumber("fr 44 732 829 320")).toBe("FR44732829320");
    expect(normalizeVatNumber("732829320")).toBeNull();
  });
});
