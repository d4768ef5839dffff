/** Role values as stored and sent on the wire (spec §6). `accoutant` is spelled so on purpose. */
export const ROLES = ["owner", "admin", "manager", "moderator", "accoutant", "member"] as const;

export type Role = (typeof ROLES)[number];

/** Roles offered when inviting someone from the team settings; the first is the default. */
export const INVITATION_ROLE_CHOICES: readonly Role[] = ["moderator", "admin", "manager", "accoutant"];
export const DEFAULT_INVITATION_ROLE: Role = "moderator";

/** Roles offered per invite during registration (step 2). */
export const REGISTRATION_INVITE_ROLE_CHOICES: readonly Role[] = ["member", "moderator", "admin"];

/** Roles that can be given by an invitation, a join-request acceptance or a role change (never owner). */
export const ASSIGNABLE_ROLES: readonly Role[] = ["admin", "manager", "moderator", "accoutant", "member"];

export function isAssignableRole(value: unknown): boolean {
  const role = normalizeRole(value);
  return role !== null && role !== "owner";
}

/**
 * Rank of each role (ARCHITECTURE §10.11): owner > admin > manager > moderator > accoutant > member.
 * Nobody grants a role above their own, whether by invitation, join-request acceptance or role change.
 */
export const ROLE_RANK: Readonly<Record<Role, number>> = {
  owner: 6,
  admin: 5,
  manager: 4,
  moderator: 3,
  accoutant: 2,
  member: 1,
};

/** Whether `actor` may give someone `role`: an assignable role (never owner) at most the actor's rank. */
export function canGrantRole(actor: unknown, role: unknown): boolean {
  const actorRole = normalizeRole(actor);
  const granted = normalizeRole(role);
  if (!actorRole || !granted || granted === "owner") return false;
  return ROLE_RANK[granted] <= ROLE_RANK[actorRole];
}

/**
 * Whether `actor` ranks strictly above `target` (ARCHITECTURE §10.13): nobody changes or removes a
 * member of equal or higher rank, so a manager cannot demote an admin nor an admin another admin.
 */
export function outranks(actor: unknown, target: unknown): boolean {
  const actorRole = normalizeRole(actor);
  const targetRole = normalizeRole(target);
  if (!actorRole || !targetRole) return false;
  return ROLE_RANK[targetRole] < ROLE_RANK[actorRole];
}

/** The roles of `choices` that `actor` may grant, in the order given (the form's choices). */
export function grantableRoles(actor: unknown, choices: readonly Role[]): Role[] {
  return choices.filter((role) => canGrantRole(actor, role));
}

/** Role assumed for an invitation that carries none (spec §3: Invitation role default member). */
export const DEFAULT_INVITATION_RECORD_ROLE: Role = "member";

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/**
 * Reads a role case-insensitively. The registration screen spells the accounting role
 * `accountant`; the stored value is `accoutant`. Returns null for anything else.
 */
export function normalizeRole(value: unknown): Role | null {
  if (typeof value !== "string") return null;
  const lowered = value.trim().toLowerCase();
  if (lowered === "accountant") return "accoutant";
  return isRole(lowered) ? lowered : null;
}
