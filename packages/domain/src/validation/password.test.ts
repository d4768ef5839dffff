import { describe, expect, it } from "vitest";
import {
  PASSWORD_MESSAGES,
  passwordChangeSchema,
  validatePasswordChange,
  validatePasswordReset,
} from "./password";

describe("password messages", () => {
  it("are the spec's exact texts", () => {
    expect(PASSWORD_MESSAGES.currentRequired).toEqual({
      title: "Mot de passe requis",
      description: "Indiquez votre mot de passe actuel.",
    });
    expect(PASSWORD_MESSAGES.tooShort).toEqual({
      title: "Mot de passe trop court",
      description: "Utilisez au moins 8 caractères.",
    });
    expect(PASSWORD_MESSAGES.confirmationMismatch).toEqual({
      title: "Confirmation invalide",
      description: "Les mots de passe ne correspondent pas.",
    });
  });
});

describe("validatePasswordChange", () => {
  it.each([
    [
      { current_password: "", password: "abcdefgh", confirmation: "abcdefgh" },
      "current_password",
      "Mot de passe requis",
    ],
    [
      { current_password: "old", password: "short", confirmation: "short" },
      "password",
      "Mot de passe trop court",
    ],
    [
      { current_password: "old", password: "1234567", confirmation: "1234567" },
      "password",
      "Mot de passe trop court",
    ],
    [
      { current_password: "old", password: "abcdefgh", confirmation: "abcdefgi" },
      "confirmation",
      "Confirmation invalide",
    ],
    [{ current_password: "", password: "x", confirmation: "y" }, "current_password", "Mot de passe requis"],
  ])("%j → %s / %s", (input, field, title) => {
    expect(validatePasswordChange(input)).toMatchObject({ field, title });
  });

  it.each([
    [{ current_password: "old", password: "12345678", confirmation: "12345678" }],
    [{ current_password: "x", password: "un mot de passe long", confirmation: "un mot de passe long" }],
  ])("%j is valid", (input) => {
    expect(validatePasswordChange(input)).toBeNull();
    expect(passwordChangeSchema.safeParse(input).success).toBe(true);
  });

  it("carries the description in the error", () => {
    expect(validatePasswordChange({ current_password: "a", password: "abcdefgh", confirmation: "" })).toEqual(
      {
        field: "confirmation",
        title: "Confirmation invalide",
        description: "Les mots de passe ne correspondent pas.",
      },
    );
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
