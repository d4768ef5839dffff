import { describe, expect, it } from "vitest";
import { isCompanySlug, numberedSlug, slugFromName } from "./company-slug";

describe("company slug", () => {
  it("is made from the name without accents or punctuation", () => {
    expect(slugFromName("Les Délices d'Élodie")).toBe("les-delices-d-elodie");
    expect(slugFromName("  ÇA & Co.  ")).toBe("ca-co");
    expect(slugFromName("A")).toBe("a-avis");
    expect(slugFromName("!!!")).toBe("avis");
    expect(slugFromName("x".repeat(80))).toHaveLength(60);
  });

  it("always matches the pattern, numbered or not", () => {
    for (const name of ["Les Délices d'Élodie", "A", "!!!", "x".repeat(80), "Zoé -- 42 --"])
      expect(isCompanySlug(slugFromName(name)), name).toBe(true);
    expect(numberedSlug("x".repeat(60), 12)).toMatch(/^x{57}-12$/);
    expect(isCompanySlug(numberedSlug("x".repeat(60), 12))).toBe(true);
  });

  it("refuses capitals, edges with a dash and lengths outside 3 to 60", () => {
    for (const slug of ["Boutique", "-boutique", "boutique-", "ab", "a".repeat(61), "bou tique", "é-t-é"])
      expect(isCompanySlug(slug), slug).toBe(false);
    for (const slug of ["abc", "a-b", "boutique-2", "a".repeat(60)])
      expect(isCompanySlug(slug), slug).toBe(true);
  });
});
