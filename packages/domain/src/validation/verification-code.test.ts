import { describe, expect, it } from "vitest";
import { isCompleteCode, sanitizeVerificationCode } from "./verification-code";

describe("verification code", () => {
  it.each([
    ["abc123", "ABC123"],
    ["a b-c 1", "ABC1"],
    ["ghijkl", ""],
    ["12345678", "123456"],
    ["0f0F0f0f", "0F0F0F"],
    ["zz9z", "9"],
    ["", ""],
  ])("sanitize(%j) = %j", (input, expected) => {
    expect(sanitizeVerificationCode(input)).toBe(expected);
  });

  it.each([
    ["ABC123", true],
    ["ABC12", false],
    ["ABC1234", false],
    ["abc123", false],
    ["GHIJKL", false],
    ["", false],
  ])("isCompleteCode(%j) = %s", (input, expected) => {
    expect(isCompleteCode(input)).toBe(expected);
  });
});
