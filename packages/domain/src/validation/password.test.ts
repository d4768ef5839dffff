import { describe, expect, it } from "vitest";
import { passwordChangeSchema, validatePasswordChange, validatePasswordReset } from "./password";

describe("validatePasswordChange", () => {
  it.each([
    [
      { current_password: "", password: "abcdefgh", confirmation: "abcdefgh" },
      "current_password",
      "password.currentRequired",
    ],
    [{ current_password: "old", password: "short", confirmation: "short" }, "password", "password.tooShort"],
    [
      { current_password: "old", password: "1234567", confirmation: "1234567" },
      "password",
      "password.tooShort",
    ],
    [
      { current_password: "old", password: "abcdefgh", confirmation: "abcdefgi" },
      "confirmation",
      "password.confirmationMismatch",
    ],
    [
      { current_password: "", password: "x", confirmation: "y" },
      "current_password",
      "password.currentRequired",
    ],
  ])("%j → %s / %s", (input, field, problem) => {
    expect(validatePasswordChange(input)).toEqual({ field, problem });
  });

  it.each([
    [{ current_password: "old", password: "12345678", confirmation: "12345678" }],
    [{ current_password: "x", password: "un mot de passe long", confirmation: "un mot de passe long" }],
  ])("%j is valid", (input) => {
    expect(validatePasswordChange(input)).toBeNull();
    expect(passwordChangeSchema.safeParse(input).success).toBe(true);
  });

  it("carries the problem's code in the error", () => {
    expect(validatePasswordChange({ current_password: "a", password: "abcdefgh", confirmation: "" })).toEqual(
      { field: "confirmation", problem: "password.confirmationMismatch" },
    );
  });

  it("reports a value of the wrong type as invalid", () => {
    expect(
      validatePasswordChange({
        current_password: 1,
        password: "abcdefgh",
        confirmation: "abcdefgh",
      } as never),
    ).toEqual({ field: "current_password", problem: "invalid" });
  });
});

describe("validatePasswordReset", () => {
  it.each([
    [{ token: "", password: "abcdefgh", confirmation: "abcdefgh" }, "token"],
    [{ token: "  ", password: "abcdefgh", confirmation: "abcdefgh" }, "token"],
    [{ token: null, password: "abcdefgh", confirmation: "abcdefgh" }, "token"],
    [{ token: "t0k", password: "abc", confirmation: "abc" }, "password"],
    [{ token: "t0k", password: "abcdefgh", confirmation: "abcdefg" }, "confirmation"],
  ])("%j fails on %s", (input, field) => {
    expect(validatePasswordReset(input)?.field).toBe(field);
  });

  it("accepts a token and matching passwords", () => {
    expect(
      validatePasswordReset({ token: "abc", password: "abcdefgh", confirmation: "abcdefgh" }),
    ).toBeNull();
  });
});
