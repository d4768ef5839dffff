import { describe, expect, it } from "vitest";
import { countOf, plural } from "./plural";

describe("French plurals", () => {
  it.each([
    [0, "0 commande"],
    [1, "1 commande"],
    [2, "2 commandes"],
    [1234, "1\u202f234 commandes"],
  ])("countOf(%s)", (n, text) => {
    expect(countOf(n, "commande", "commandes").replace(/\s/g, " ")).toBe(text.replace(/\s/g, " "));
  });
  it("picks the word alone", () => {
    expect(plural(1, "publié", "publiés")).toBe("publié");
    expect(plural(1.5, "étoile", "étoiles")).toBe("étoile");
    expect(plural(-3, "jour", "jours")).toBe("jours");
  });
});
