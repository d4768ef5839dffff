import { describe, expect, it } from "vitest";
import {
  ACTIONS,
  type Action,
  can,
  canChangeMemberRole,
  canRemoveMember,
  isAction,
  memberRoleChoices,
  PERMISSIONS,
} from "./permissions";
import { ROLES, type Role } from "./roles";

// Expected table written out from spec §6 (owner omitted: it may do everything).
const ALL: Role[] = ["admin", "manager", "moderator", "accoutant", "member"];
const EXPECTED: Record<Action, Role[]> = {
  "members.list": ALL,
  "members.invite": ["admin", "moderator"],
  "members.changeRole": ["admin", "manager"],
  "members.remove": ["admin", "manager"],
  "invites.cancel": ["admin", "manager"],
  "requests.review": ["admin", "manager"],
  "requests.indicator": ["admin", "manager"],
  "company.view": ALL,
  "company.edit": ["admin", "manager"],
  "company.delete": [],
  "apiKey.view": ["admin", "manager"],
  "apiKey.regenerate": ["admin", "manager"],
  "subscription.manage": ["admin", "accoutant"],
  "invoices.view": ["admin", "accoutant"],
  "reviews.view": ALL,
  "reviews.moderate": ALL,
  "catalog.view": ALL,
  "catalog.manage": ["admin", "manager"],
  // ARCHITECTURE §10.13 (data minimisation): the trail's CSV and buyers' addresses.
  "personalData.view": ["admin", "manager"],
  // ARCHITECTURE §10.16 (issue 25): a buyer's erasure, owner and admin.
  "personalData.erase": ["admin"],
  // ARCHITECTURE §10.16 (issue 25): the company's ZIP export.
  "data.export": ["admin"],
  // Issue 23: webhook endpoints (admin and manager), their secret revealed to admins.
  "webhooks.manage": ["admin", "manager"],
  "webhooks.secret": ["admin"],
  // issue 23: connections for admin and manager; their secrets shown again to admins.
  "integrations.manage": ["admin", "manager"],
  "integrations.secret": ["admin"],
  // Issue 41: the owner chooses who moderates.
  "moderation.change": [],
};

const matrix = ACTIONS.flatMap((action) =>
  ROLES.map((role) => [action, role, role === "owner" || EXPECTED[action].includes(role)] as const),
);

describe("permissions", () => {
  it("covers exactly the expected actions", () => {
    expect([...ACTIONS].sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ACTIONS].sort());
  });

  it.each(matrix)("can(%s) for %s = %s", (action, role, expected) => {
    expect(can(role, action)).toBe(expected);
  });

  it("table data agrees with can()", () => {
    for (const action of ACTIONS) {
      for (const role of ROLES) expect(PERMISSIONS[action].includes(role)).toBe(can(role, action));
    }
  });

  it.each([
    ["ADMIN", "members.invite", true],
    ["Accountant", "invoices.view", true],
    ["Owner", "company.delete", true],
    ["admin", "company.delete", false],
    ["member", "catalog.manage", false],
    ["stranger", "members.list", false],
    [undefined, "members.list", false],
    [null, "reviews.view", false],
    ["owner", "company.destroy", false],
    ["admin", "", false],
  ] as const)("can(%j, %j) = %s (case-insensitive, deny by default)", (role, action, expected) => {
    expect(can(role, action)).toBe(expected);
  });

  it("isAction recognises only listed actions", () => {
    expect(isAction("catalog.view")).toBe(true);
    expect(isAction("toString")).toBe(false);
  });

  it("role change offers member, moderator, admin", () => {
    expect(memberRoleChoices).toEqual(["member", "moderator", "admin"]);
  });
});

describe("member management guards", () => {
  it.each([
    ["admin", "member", false, true],
    ["manager", "admin", false, false],
    ["manager", "manager", false, false],
    ["admin", "admin", false, false],
    ["admin", "manager", false, true],
    ["moderator", "member", false, false],
    ["member", "member", true, true],
    ["accoutant", "accoutant", true, true],
    ["owner", "owner", true, false],
    ["admin", "owner", false, false],
    ["owner", "manager", false, true],
    ["ghost", "member", true, false],
  ] as const)("canRemoveMember(%s → %s, self %s) = %s", (actor, target, isSelf, expected) => {
    expect(canRemoveMember(actor, target, { isSelf })).toBe(expected);
  });

  it.each([
    ["admin", "member", "moderator", false, true],
    ["manager", "moderator", "admin", false, false],
    ["manager", "member", "moderator", false, true],
    ["admin", "moderator", "admin", false, true],
    ["admin", "admin", "member", false, false],
    ["manager", "admin", "member", false, false],
    ["manager", "manager", "member", false, false],
    ["admin", "manager", "member", false, true],
    ["owner", "member", "admin", false, true],
    ["admin", "member", "manager", false, false],
    ["admin", "member", "accoutant", false, false],
    ["admin", "member", "owner", false, false],
    ["admin", "owner", "member", false, false],
    ["moderator", "member", "admin", false, false],
    ["admin", "admin", "member", true, false],
    ["ADMIN", "Member", "MODERATOR", false, true],
  ] as const)("canChangeMemberRole(%s, %s → %s, self %s) = %s", (actor, target, next, isSelf, expected) => {
    expect(canChangeMemberRole(actor, target, next, { isSelf })).toBe(expected);
  });
});
