import { describe, expect, it } from "vitest";
import {
  ASSIGNABLE_ROLES,
  DEFAULT_INVITATION_ROLE,
  INVITATION_ROLE_CHOICES,
  isAssignableRole,
  isRole,
  normalizeRole,
  REGISTRATION_INVITE_ROLE_CHOICES,
  ROLE_LABELS,
  ROLES,
  roleLabel,
} from "./roles";

describe("roles", () => {
  it("lists the wire values, accoutant spelled as stored", () => {
    expect(ROLES).toEqual(["owner", "admin", "manager", "moderator", "accoutant", "member"]);
  });

  it.each([
    ["owner", "owner"],
    ["ADMIN", "admin"],
    [" Manager ", "manager"],
    ["Moderator", "moderator"],
    ["accoutant", "accoutant"],
    ["accountant", "accoutant"],
    ["Accountant", "accoutant"],
    ["member", "member"],
    ["superuser", null],
    ["", null],
    [null, null],
    [3, null],
  ])("normalizeRole(%j) = %j", (input, expected) => {
    expect(normalizeRole(input)).toBe(expected);
  });

  it.each([
    ["owner", "Propriétaire"],
    ["admin", "Administrateur"],
    ["manager", "Manager"],
    ["moderator", "Modérateur"],
    ["accoutant", "Comptable"],
    ["ACCOUNTANT", "Comptable"],
    ["member", "Membre"],
    ["robot", "robot"],
    ["", "—"],
  ])("roleLabel(%j) = %j", (input, expected) => {
    expect(roleLabel(input)).toBe(expected);
  });

  it("has a label for every role", () => {
    for (const role of ROLES) expect(ROLE_LABELS[role]).toBeTruthy();
  });

  it("offers invitation roles with moderator first and default", () => {
    expect(INVITATION_ROLE_CHOICES).toEqual(["moderator", "admin", "manager", "accoutant"]);
    expect(DEFAULT_INVITATION_ROLE).toBe("moderator");
  });

  it("offers member, moderator, admin per invite at registration", () => {
    expect(REGISTRATION_INVITE_ROLE_CHOICES).toEqual(["member", "moderator", "admin"]);
  });

  it("isRole is exact (no case folding)", () => {
    expect(isRole("admin")).toBe(true);
    expect(isRole("Admin")).toBe(false);
    expect(isRole("accountant")).toBe(false);
  });
});

describe("assignable roles", () => {
  it("are every role but owner", () => {
    expect(ASSIGNABLE_ROLES).toEqual(["admin", "manager", "moderator", "accoutant", "member"]);
  });

  it.each([
    ["admin", true],
    ["Accountant", true],
    ["member", true],
    ["owner", false],
    ["boss", false],
  ])("isAssignableRole(%j) = %s", (role, expected) => {
    expect(isAssignableRole(role)).toBe(expected);
  });
});
