import { canGrantRole, normalizeRole, outranks, type Role } from "./roles";

/** Every action the server enforces and the apps use to show or hide controls (spec §6). */
export const ACTIONS = [
  "members.list",
  "members.invite",
  "members.changeRole",
  "members.remove",
  "invites.cancel",
  "requests.review",
  "requests.indicator",
  "company.view",
  "company.edit",
  "company.delete",
  "apiKey.view",
  "apiKey.regenerate",
  "subscription.manage",
  "invoices.view",
  "reviews.view",
  "reviews.moderate",
  "catalog.view",
  "catalog.manage",
  "personalData.view",
  "personalData.erase",
  "data.export",
  "webhooks.manage",
  "webhooks.secret",
  "integrations.manage",
  "integrations.secret",
  "moderation.change",
] as const;

export type Action = (typeof ACTIONS)[number];

const EVERY_ROLE: readonly Role[] = ["owner", "admin", "manager", "moderator", "accoutant", "member"];

/**
 * The permission table as data. The owner is listed everywhere (and `can` also lets it through),
 * so the table reads complete on its own.
 */
export const PERMISSIONS: Readonly<Record<Action, readonly Role[]>> = {
  "members.list": EVERY_ROLE,
  "members.invite": ["owner", "admin", "moderator"],
  "members.changeRole": ["owner", "admin", "manager"],
  "members.remove": ["owner", "admin", "manager"],
  "invites.cancel": ["owner", "admin", "manager"],
  "requests.review": ["owner", "admin", "manager"],
  "requests.indicator": ["owner", "admin", "manager"],
  "company.view": EVERY_ROLE,
  "company.edit": ["owner", "admin", "manager"],
  "company.delete": ["owner"],
  "apiKey.view": ["owner", "admin", "manager"],
  "apiKey.regenerate": ["owner", "admin", "manager"],
  "subscription.manage": ["owner", "admin", "accoutant"],
  "invoices.view": ["owner", "admin", "accoutant"],
  "reviews.view": EVERY_ROLE,
  "reviews.moderate": EVERY_ROLE,
  "catalog.view": EVERY_ROLE,
  "catalog.manage": ["owner", "admin", "manager"],
  // Data minimisation (ARCHITECTURE §10.13): the moderation trail's CSV and buyers' e-mail addresses.
  "personalData.view": ["owner", "admin", "manager"],
  // A buyer's erasure at their request (GDPR art. 17; ARCHITECTURE §10.16): irreversible.
  "personalData.erase": ["owner", "admin"],
  // Everything out as one ZIP (ARCHITECTURE §10.16): the company's whole data, buyers' addresses included.
  "data.export": ["owner", "admin"],
  // ARCHITECTURE §10.14: outgoing webhooks are settings like the integrations; their secret, admins only.
  "webhooks.manage": ["owner", "admin", "manager"],
  "webhooks.secret": ["owner", "admin"],
  // Connections of the shop (tab 'Intégrations'); their signing secrets are shown again to admins only.
  "integrations.manage": ["owner", "admin", "manager"],
  "integrations.secret": ["owner", "admin"],
  // Who moderates the reviews (ARCHITECTURE §10.19): the owner's choice, public.
  "moderation.change": ["owner"],
};

export function isAction(value: unknown): value is Action {
  return typeof value === "string" && (ACTIONS as readonly string[]).includes(value);
}

/** Deny by default: an unknown role or action is refused; the owner may do everything. */
export function can(role: unknown, action: unknown): boolean {
  const normalized = normalizeRole(role);
  if (!normalized || !isAction(action)) return false;
  if (normalized === "owner") return true;
  return PERMISSIONS[action].includes(normalized);
}

/** Roles a member can be given through the role-change control (spec §6). */
export const memberRoleChoices: readonly Role[] = ["member", "moderator", "admin"];

/**
 * Whether `actor` may remove the member `target`. The owner is never removed (the company is deleted
 * instead); anybody else may remove themselves ('Quitter l'entreprise'); otherwise `members.remove`,
 * and only a member of strictly lower rank (ARCHITECTURE §10.13).
 */
export function canRemoveMember(
  actor: unknown,
  target: unknown,
  { isSelf = false }: { isSelf?: boolean } = {},
): boolean {
  const actorRole = normalizeRole(actor);
  const targetRole = normalizeRole(target);
  if (!actorRole || !targetRole || targetRole === "owner") return false;
  if (isSelf) return true;
  return can(actorRole, "members.remove") && outranks(actorRole, targetRole);
}

/**
 * Whether `actor` may give `target` the role `next`: needs `members.changeRole`, the owner's role never
 * changes, nobody changes their own role, `target` ranks strictly below the actor (ARCHITECTURE §10.13),
 * `next` must be one of `memberRoleChoices` and not above the actor's own role (ARCHITECTURE §10.11).
 */
export function canChangeMemberRole(
  actor: unknown,
  target: unknown,
  next: unknown,
  { isSelf = false }: { isSelf?: boolean } = {},
): boolean {
  const targetRole = normalizeRole(target);
  const nextRole = normalizeRole(next);
  if (isSelf || !targetRole || targetRole === "owner" || !nextRole) return false;
  return (
    memberRoleChoices.includes(nextRole) &&
    can(actor, "members.changeRole") &&
    outranks(actor, targetRole) &&
    canGrantRole(actor, nextRole)
  );
}
