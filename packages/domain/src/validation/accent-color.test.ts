import { describe, expect, it } from "vitest";
import { isValidAccentColor, normalizeAccentColor } from "./accent-color";

describe("accent colour", () => {
  it.each([
    ["#10b981", "#10b981", true],
    ["10b981", "#10b981", true],
    ["#fff", "#fff", true],
    ["abc", "#abc", true],
    [" #FF0000 ", "#FF0000", true],
    ["#ffff", "#10b981", false],
    ["#ggg", "#10b981", false],
    ["red", "#10b981", false],
    ["", "#10b981", false],
    [null, "#10b981", false],
    ["##fff", "#10b981", false],
  ])("normalizeAccentColor(%j) = %s (valid: %s)", (input, expected, valid) => {
    expect(normalizeAccentColor(input)).toBe(expected);
    expect(isValidAccentColor(input)).toBe(valid);
  });
});
