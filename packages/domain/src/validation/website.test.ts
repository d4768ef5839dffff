import { describe, expect, it } from "vitest";
import { websiteHref } from "./website";

describe("websiteHref (spec §2: https:// prefixed when no scheme)", () => {
  it.each([
    ["atelier-martin.fr", "https://atelier-martin.fr"],
    ["www.exemple.fr/boutique", "https://www.exemple.fr/boutique"],
    ["  exemple.fr ", "https://exemple.fr"],
    ["//exemple.fr", "https://exemple.fr"],
    ["http://exemple.fr", "http://exemple.fr"],
    ["HTTPS://Exemple.fr", "HTTPS://Exemple.fr"],
    ["localhost:3000/boutique", "https://localhost:3000/boutique"],
    ["javascript:alert(1)", null],
    ["mailto:a@b.fr", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("websiteHref(%j) = %j", (value, expected) => {
    expect(websiteHref(value)).toBe(expected);
  });
});
