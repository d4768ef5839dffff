import { describe, expect, it } from "vitest";
import { maskEmail } from "./mask-email";

describe("maskEmail", () => {
  it.each([
    ["lea.bernard@exemple.fr", "l***@exemple.fr"],
    ["l@exemple.fr", "l***@exemple.fr"],
    ["a@b@exemple.fr", "a***@exemple.fr"],
    ["sans-arobase", "***"],
    ["@exemple.fr", "***"],
    // An anonymised order has no address left: nothing to mask.
    ["", ""],
  ])("%s → %s", (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
