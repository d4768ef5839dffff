import { describe, expect, it } from "vitest";
import { catalogLeaves, hasSpecString, parameterNames, renderings } from "./catalog-walk";

describe("catalogue walking", () => {
  it("lists leaves with dotted paths", () => {
    const leaves = catalogLeaves({ a: "x", b: { c: (n: number) => `${n}`, d: ["o1", "o2"] } });
    expect(leaves.map((leaf) => leaf.path)).toEqual(["a", "b.c", "b.d"]);
  });

  it("reads template parameter names", () => {
    expect(parameterNames((min: number, max: number) => `${min}${max}`)).toEqual(["min", "max"]);
  });

  it("renders templates with bare and braced placeholders", () => {
    expect(renderings((min: number, max: number) => `entre ${min} et ${max}.`)).toEqual([
      "entre min et max.",
      "entre {min} et {max}.",
    ]);
  });

  it.each([
    [["Clé expirée le 3 mai"], "Clé expirée le …", true],
    [["La valeur doit être comprise entre min et max."], "La valeur doit être comprise entre ...", true],
    [["Rechercher dans les avis"], "Rechercher dans les avis...", false],
    [["Rechercher dans les avis..."], "Rechercher dans les avis...", true],
    [["Chargement..."], "Chargement…", false],
  ])("hasSpecString(%j, %s) is %s", (texts, spec, expected) => {
    expect(hasSpecString(texts, spec)).toBe(expected);
  });
});
