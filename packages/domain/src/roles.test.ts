import { describe, expect, it } from "vitest";
import {
  ASSIGNABLE_ROLES,
  canGrantRole,
  DEFAULT_INVITATION_ROLE,
  grantableRoles,
  INVITATION_ROLE_CHOICES,
  isAssignableRole,
  isRole,
  normalizeRole,
  REGISTRATION_INVITE_ROLE_CHOICES,
  ROLE_RANK,
  ROLES,
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

describe("role ceiling (ARCHITECTURE §10.11)", () => {
  it("ranks owner > admin > manager > moderator > accoutant > member", () => {
    const ordered = [...ROLES].sort((a, b) => ROLE_RANK[b] - ROLE_RANK[a]);
    expect(ordered).toEqual(["owner", "admin", "manager", "moderator", "accoutant", "member"]);
  });

  // Every actor × granted role: allowed exactly when the granted role is not owner and not above the actor.
  const expected: Record<string, string[]> = {
    owner: ["admin", "manager", "moderator", "accoutant", "member"],
    admin: ["admin", "manager", "moderator", "accoutant", "member"],
    manager: ["manager", "moderator", "accoutant", "member"],
    moderator: ["moderator", "accoutant", "member"],
    accoutant: ["accoutant", "member"],
    member: ["member"],
  };
  it.each(
    ROLES.flatMap((actor) => ROLES.map((role) => [actor, role, expected[actor]?.includes(role)] as const)),
  )("canGrantRole(%s, %s) = %s", (actor, role, allowed) => {
    expect(canGrantRole(actor, role)).toBe(allowed);
  });

  it.each([
    ["MODERATOR", "Admin", false],
    ["Accountant", "member", true],
    ["ghost", "member", false],
    ["admin", "boss", false],
  ])("canGrantRole(%j, %j) = %s (case-insensitive, deny by default)", (actor, role, allowed) => {
    expect(canGrantRole(actor, role)).toBe(allowed);
  });

  it("the invite form offers a moderator only moderator and Comptable", () => {
    expect(grantableRoles("moderator", INVITATION_ROLE_CHOICES)).toEqual(["moderator", "accoutant"]);
    expect(grantableRoles("admin", INVITATION_ROLE_CHOICES)).toEqual([
      "moderator",
      "admin",
      "manager",
      "accoutant",
    ]);
    expect(grantableRoles("member", INVITATION_ROLE_CHOICES)).toEqual([]);
  });
});
