import { normalizeRole } from "@certavis/domain";
import { and, asc, desc, eq, gt, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { countRows } from "../../db/count-rows";
import { companies, invitations, joinRequests, memberships, users } from "../../db/schema";
import type { ResponseOf } from "../../http/operation-types";

export type MemberView = ResponseOf<"companyMembersUpdate", 200>;
export type InvitationView = ResponseOf<"companyInvitesCreate", 201>;
export type JoinRequestView = ResponseOf<"companyRequestsCreate", 201>;
type AssignableRole = InvitationView["role"];

export interface Page {
  limit: number;
  offset: number;
}

function assignable(role: string | null): AssignableRole | null {
  const normalized = normalizeRole(role);
  return normalized && normalized !== "owner" ? normalized : null;
}

/** A page of `query`'s rows matching `where`, newest first, and how many match in all. */
async function newestFirst<Q extends PgSelect>(
  db: DbOrTx,
  table: typeof invitations | typeof joinRequests,
  query: Q,
  where: SQL | undefined,
  page: Page,
): Promise<{ total: number; rows: Awaited<Q> }> {
  const rows = await query
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: await countRows(db, table, where), rows };
}

// ---- members ----

const memberColumns = {
  id: memberships.id,
  userId: memberships.userId,
  role: memberships.role,
  joinedAt: memberships.joinedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

type MemberRow = { [K in keyof typeof memberColumns]: (typeof memberColumns)[K]["_"]["data"] };

function toMember(row: MemberRow): MemberView {
  const role = normalizeRole(row.role) ?? "member";
  return {
    id: row.id,
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    role,
    joined_at: row.joinedAt.toISOString(),
    is_owner: role === "owner",
  };
}

/** The company's members, owner first, then by arrival. */
export async function listMembers(db: DbOrTx, companyId: string, page: Page) {
  const where = eq(memberships.companyId, companyId);
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(sql`(${memberships.role} = 'owner') desc`, asc(memberships.joinedAt), asc(memberships.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: await countRows(db, memberships, where), results: rows.map(toMember) };
}

/** One member of the company (scoped: another company's membership id is not found). */
export async function getMember(
  db: DbOrTx,
  companyId: string,
  membershipId: string,
): Promise<MemberView | null> {
  const [row] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.id, membershipId)));
  return row ? toMember(row) : null;
}

// ---- invitations ----

const inviter = alias(users, "inviter");

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  status: invitations.status,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
  companyId: companies.id,
  companyName: companies.name,
  inviterFirstName: inviter.firstName,
  inviterLastName: inviter.lastName,
};

type InvitationRow = {
  [K in keyof typeof invitationColumns]: (typeof invitationColumns)[K]["_"]["data"] | null;
};

function toInvitation(row: InvitationRow, now: Date): InvitationView {
  const expiresAt = row.expiresAt ?? now;
  const stored = row.status as InvitationView["status"];
  const status = stored === "pending" && expiresAt.getTime() <= now.getTime() ? "expired" : stored;
  return {
    id: row.id ?? "",
    email: row.email ?? "",
    role: assignable(row.role) ?? "member",
    created_at: (row.createdAt ?? now).toISOString(),
    expires_at: expiresAt.toISOString(),
    company: { id: row.companyId ?? "", name: row.companyName ?? "" },
    inviter_first_name: row.inviterFirstName ?? "",
    inviter_last_name: row.inviterLastName ?? "",
    status,
  };
}

function invitationQuery(db: DbOrTx) {
  return db
    .select(invitationColumns)
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .leftJoin(inviter, eq(inviter.id, invitations.inviterId));
}

/**
 * Pending, unexpired invitations, newest first: of a company (with those held until its plan has
 * room), or received at an e-mail address.
 */
export async function listPendingInvitations(
  db: DbOrTx,
  scope: { companyId: string } | { email: string },
  page: Page,
  now: Date,
) {
  const live = and(eq(invitations.status, "pending"), gt(invitations.expiresAt, now));
  const where =
    "companyId" in scope
      ? and(eq(invitations.companyId, scope.companyId), or(live, eq(invitations.status, "held")))
      : and(eq(invitations.email, scope.email), live);
  const { total, rows } = await newestFirst(db, invitations, invitationQuery(db).$dynamic(), where, page);
  return { count: total, results: rows.map((row) => toInvitation(row, now)) };
}

export async function getInvitation(db: DbOrTx, id: string, now: Date): Promise<InvitationView | null> {
  const [row] = await invitationQuery(db).where(eq(invitations.id, id));
  return row ? toInvitation(row, now) : null;
}

// ---- join requests ----

const requestColumns = {
  id: joinRequests.id,
  userId: joinRequests.userId,
  status: joinRequests.status,
  role: joinRequests.role,
  createdAt: joinRequests.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  companyId: companies.id,
  companyName: companies.name,
};

type RequestRow = Omit<
  { [K in keyof typeof requestColumns]: (typeof requestColumns)[K]["_"]["data"] },
  "role"
> & { role: string | null };

function toJoinRequest(row: RequestRow): JoinRequestView {
  return {
    id: row.id,
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    role: assignable(row.role),
    company: { id: row.companyId, name: row.companyName },
    created_at: row.createdAt.toISOString(),
    status: row.status as JoinRequestView["status"],
  };
}

function requestQuery(db: DbOrTx) {
  return db
    .select(requestColumns)
    .from(joinRequests)
    .innerJoin(users, eq(users.id, joinRequests.userId))
    .innerJoin(companies, eq(companies.id, joinRequests.companyId));
}

/** Pending join requests, newest first: to a company, or made by a user. */
export async function listPendingRequests(
  db: DbOrTx,
  scope: { companyId: string } | { userId: string },
  page: Page,
) {
  const where = and(
    "companyId" in scope
      ? eq(joinRequests.companyId, scope.companyId)
      : eq(joinRequests.userId, scope.userId),
    eq(joinRequests.status, "pending"),
  );
  const { total, rows } = await newestFirst(db, joinRequests, requestQuery(db).$dynamic(), where, page);
  return { count: total, results: rows.map(toJoinRequest) };
}

export async function getJoinRequest(db: DbOrTx, id: string): Promise<JoinRequestView | null> {
  const [row] = await requestQuery(db).where(eq(joinRequests.id, id));
  return row ? toJoinRequest(row) : null;
}
