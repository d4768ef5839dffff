import { describe, expect, it } from "vitest";
import { isProductPageUrl, isValidGtin } from "./gtin";

describe("isValidGtin", () => {
  it("accepts GTIN-8, 12, 13 and 14 with their GS1 check digit", () => {
    for (const gtin of ["96385074", "036000291452", "4006381333931", "3017620422003", "10614141000415"])
      expect(isValidGtin(gtin), gtin).toBe(true);
  });

  it("refuses a wrong check digit, another length or other characters", () => {
    for (const gtin of [
      "96385075",
      "036000291453",
      "4006381333932",
      "400638133393",
      "123456789",
      "4006381333931 ",
      "40063813339a1",
      "",
    ])
      expect(isValidGtin(gtin), gtin).toBe(false);
  });
});

describe("isProductPageUrl", () => {
  it("accepts http(s) pages only", () => {
    expect(isProductPageUrl("https://boutique.exemple.fr/p/chaise?ref=1")).toBe(true);
    expect(isProductPageUrl("http://boutique.exemple.fr/")).toBe(true);
    expect(isProductPageUrl("javascript:alert(1)")).toBe(false);
    expect(isProductPageUrl("boutique.exemple.fr/p")).toBe(false);
    expect(isProductPageUrl(`https://exemple.fr/${"a".repeat(2000)}`)).toBe(false);
  });
});
