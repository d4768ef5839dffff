import { describe, expect, it } from "vitest";
import { compareProducts, normalizeProductStatus, sortProducts } from "./product-status";

describe("product status", () => {
  it.each([
    ["active", "active"],
    ["published", "active"],
    ["PUBLISHED", "active"],
    ["draft", "draft"],
    ["Archived", "archived"],
    ["deleted", "draft"],
    ["", "draft"],
    [null, "draft"],
    [undefined, "draft"],
  ])("normalizeProductStatus(%j) = %s", (input, expected) => {
    expect(normalizeProductStatus(input)).toBe(expected);
  });
});

describe("sortProducts", () => {
  it("orders active, draft, archived then name (French collation)", () => {
    const input = [
      { name: "Zèbre", status: "archived" },
      { name: "banane", status: "draft" },
      { name: "Été", status: "active" },
      { name: "Abricot", status: "archived" },
      { name: "eau", status: "published" },
      { title: "Ananas", status: "draft" },
      { name: "Ecran", status: "active" },
      { name: "Produit 10", status: "active" },
      { name: "Produit 2", status: "active" },
    ];
    expect(sortProducts(input).map((p) => p.name ?? p.title)).toEqual([
      "eau",
      "Ecran",
      "Été",
      "Produit 2",
      "Produit 10",
      "Ananas",
      "banane",
      "Abricot",
      "Zèbre",
    ]);
    expect(input[0]?.name).toBe("Zèbre");
  });

  it.each([
    [{ name: "B", status: "active" }, { name: "A", status: "draft" }, -1],
    [{ name: "A", status: "archived" }, { name: "B", status: "draft" }, 1],
    [{ name: "a", status: "draft" }, { name: "B", status: "draft" }, -1],
    [{ name: "é", status: "draft" }, { name: "e", status: "draft" }, 0],
  ])("compareProducts(%j, %j) has sign %s", (a, b, sign) => {
    expect(Math.sign(compareProducts(a, b))).toBe(sign);
  });
});
