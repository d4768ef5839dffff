import { describe, expect, it } from "vitest";
import {
  inviteEmailSchema,
  isBasicEmail,
  isDuplicateEmail,
  validateInviteEmail,
  validateInviteList,
} from "./invite-email";

describe("invite e-mail", () => {
  it.each([
    ["marie@exemple.fr", true],
    [" marie@exemple.fr ", true],
    ["a.b+c@sub.domaine.com", true],
    ["marie@exemple", false],
    ["marie exemple@x.fr", false],
    ["@exemple.fr", false],
    ["marie@", false],
    ["", false],
  ])("isBasicEmail(%j) = %s", (email, expected) => {
    expect(isBasicEmail(email)).toBe(expected);
    expect(inviteEmailSchema.safeParse(email).success).toBe(expected);
  });

  it("zod message is the code of the problem", () => {
    const result = inviteEmailSchema.safeParse("nope");
    expect(result.error?.issues[0]?.message).toBe("invite.invalid");
  });

  it.each([
    ["Marie@Exemple.fr", ["marie@exemple.fr"], true],
    ["marie@exemple.fr", [" MARIE@EXEMPLE.FR "], true],
    ["paul@exemple.fr", ["marie@exemple.fr"], false],
    ["paul@exemple.fr", [], false],
  ])("isDuplicateEmail(%j, %j) = %s", (email, others, expected) => {
    expect(isDuplicateEmail(email, others)).toBe(expected);
  });

  it.each([
    ["bad", [], "invite.invalid"],
    ["a@b.fr", ["A@B.FR"], "invite.duplicate"],
    ["a@b.fr", ["c@d.fr"], null],
  ] as const)("validateInviteEmail(%j, %j) = %j", (email, others, expected) => {
    expect(validateInviteEmail(email, others)).toBe(expected);
  });

  it("flags later duplicates and invalid rows by index", () => {
    expect([...validateInviteList(["a@b.fr", "x", "A@b.fr", "c@d.fr", "c@D.fr"])]).toEqual([
      [1, "invite.invalid"],
      [2, "invite.duplicate"],
      [4, "invite.duplicate"],
    ]);
  });
});
