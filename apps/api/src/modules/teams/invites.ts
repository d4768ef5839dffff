import { canGrantRole, DEFAULT_INVITATION_ROLE, normalizeEmail, normalizeRole } from "@certavis/domain";
import { fr, planLimitMessages } from "@certavis/i18n-fr/server";
import { and, eq, gt } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { lockedIsOperator } from "../../db/operator-lock";
import { companies, invitations, joinRequests, memberships, users } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique-violation";
import { callerMembership, callerUser } from "../../http/caller";
import { conflict, detailError, fieldErrors, forbidden, notFound } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import type { AuthenticatedUser } from "../../http/request-context";
import { randomToken, sha256 } from "../../lib/crypto";
import { deliverMail } from "../auth/deliver";
import { currentUserView } from "../users/current-user";
import { invitationLink, invitationMail } from "./invitation-mail";
import { assertMemberRoom, memberRoomLimit } from "./member-limit";
import { getInvitation, listPendingInvitations } from "./views";

export const INVITATION_LIFETIME_DAYS = 7;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type InvitationRow = typeof invitations.$inferSelect;

/**
 * The invitation the caller names by its UUID (only the invited address may use it, once confirmed)
 * or by the code of the invitation e-mail (whoever holds the code received the mail).
 */
async function findInvitationFor(request: FastifyRequest, user: AuthenticatedUser, idOrCode: string) {
  const { db } = request.server.ctx;
  if (UUID.test(idOrCode)) {
    const [row] = await db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, idOrCode), eq(invitations.email, normalizeEmail(user.email))));
    if (!row) throw notFound();
    return { row, byCode: false };
  }
  const [row] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, sha256(idOrCode)));
  if (!row) throw notFound();
  return { row, byCode: true };
}

function assertPending(row: InvitationRow, now: Date): void {
  if (row.status !== "pending") throw conflict(fr.server.team.invitationNotPending);
  if (row.expiresAt.getTime() <= now.getTime()) throw conflict(fr.server.team.invitationExpired);
}

export const inviteHandlers = defineHandlers({
  /** With a company: its pending invitations. Without: those received at the caller's confirmed e-mail. */
  companyInvitesList: async (request) => {
    const user = callerUser(request);
    const { ctx } = request.server;
    const page = pageParams(request.query);
    if (!request.membership && !user.emailConfirmed) return paged(request, page, 0, []);
    const scope = request.membership
      ? { companyId: request.membership.companyId }
      : { email: normalizeEmail(user.email) };
    const { count, results } = await listPendingInvitations(ctx.db, scope, page, ctx.now());
    return paged(request, page, count, results);
  },

  companyInvitesCreate: async (request, reply) => {
    const caller = callerMembership(request);
    const user = callerUser(request);
    const { ctx } = request.server;
    const email = normalizeEmail(request.body.email);
    const role = normalizeRole(request.body.role ?? DEFAULT_INVITATION_ROLE) ?? DEFAULT_INVITATION_ROLE;
    if (!canGrantRole(caller.role, role)) throw forbidden(fr.server.team.roleAboveOwn);
    const now = ctx.now();
    const code = randomToken(16);
    const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 24 * 3600 * 1000);
    const { id, companyName, hasAccount, held } = await ctx.db.transaction(async (tx) => {
      const [member] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.companyId, caller.companyId), eq(users.email, email)));
      if (member) throw fieldErrors({ email: [fr.server.team.alreadyMember] });
      const [pending] = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(
          and(
            eq(invitations.companyId, caller.companyId),
            eq(invitations.email, email),
            eq(invitations.status, "pending"),
            gt(invitations.expiresAt, now),
          ),
        );
      if (pending) throw fieldErrors({ email: [fr.server.team.alreadyInvited] });
      const [held] = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(
          and(
            eq(invitations.companyId, caller.companyId),
            eq(invitations.email, email),
            eq(invitations.status, "held"),
          ),
        );
      if (held) throw fieldErrors({ email: [fr.server.team.alreadyInvited] });
      // Registration's invitations wait for a plan with room instead of failing (issue 27.4).
      const full = await memberRoomLimit(tx, caller.companyId, now, { countPendingInvitations: true });
      if (full !== null && !request.body.hold_until_room)
        throw detailError(400, planLimitMessages.members(full));
      const [created] = await tx
        .insert(invitations)
        .values({
          companyId: caller.companyId,
          email,
          role,
          tokenHash: sha256(code),
          inviterId: user.id,
          status: full === null ? "pending" : "held",
          expiresAt,
          createdAt: now,
        })
        .returning({ id: invitations.id });
      const [company] = await tx
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, caller.companyId));
      const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!created || !company) throw notFound();
      return { id: created.id, companyName: company.name, hasAccount: !!account, held: full !== null };
    });
    const message = await invitationMail({
      to: email,
      companyName,
      inviterName: `${user.firstName} ${user.lastName}`,
      role,
      code,
      link: invitationLink(ctx.config.publicUrl, hasAccount),
      expiresAt,
    });
    // Through the durable outbox: an SMTP outage delays the invitation, never loses it.
    if (!held) await deliverMail(request, message);
    const view = await getInvitation(ctx.db, id, now);
    if (!view) throw notFound();
    reply.code(201);
    return view;
  },

  companyInvitesDelete: async (request, reply) => {
    const caller = callerMembership(request);
    const { ctx } = request.server;
    const [row] = await ctx.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.companyId, caller.companyId), eq(invitations.id, request.params.id)));
    if (!row) throw notFound();
    if (row.status !== "pending" && row.status !== "held")
      throw conflict(fr.server.team.invitationNotPending);
    await ctx.db
      .update(invitations)
      .set({ status: "cancelled", respondedAt: ctx.now() })
      .where(and(eq(invitations.id, row.id), eq(invitations.status, row.status)));
    return reply.code(204).send();
  },

  companyInvitesAccept: async (request) => {
    const user = callerUser(request);
    if (request.membership) throw detailError(400, fr.server.company.alreadyInCompany);
    const { ctx } = request.server;
    const now = ctx.now();
    const { row, byCode } = await findInvitationFor(request, user, request.params.id.trim());
    if (!byCode && !user.emailConfirmed) throw detailError(400, fr.server.team.confirmEmailToAccept);
    assertPending(row, now);
    try {
      const membershipId = await ctx.db.transaction(async (tx) => {
        if (await lockedIsOperator(tx, user.id))
          throw detailError(400, fr.server.operators.cannotJoinCompany);
        await assertMemberRoom(tx, row.companyId, now);
        const taken = await tx
          .update(invitations)
          .set({ status: "accepted", respondedAt: now })
          .where(and(eq(invitations.id, row.id), eq(invitations.status, "pending")))
          .returning({ id: invitations.id });
        if (taken.length === 0) throw conflict(fr.server.team.invitationNotPending);
        const [member] = await tx
          .insert(memberships)
          .values({ companyId: row.companyId, userId: user.id, role: row.role, joinedAt: now })
          .returning({ id: memberships.id });
        await tx
          .update(joinRequests)
          .set({ status: "cancelled", decidedAt: now })
          .where(and(eq(joinRequests.userId, user.id), eq(joinRequests.status, "pending")));
        if (!member) throw new Error("membership not created");
        return member.id;
      });
      const role = normalizeRole(row.role) ?? "member";
      return await currentUserView(ctx, user, {
        id: membershipId,
        companyId: row.companyId,
        role,
        joinedAt: now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw detailError(400, fr.server.company.alreadyInCompany);
      throw error;
    }
  },

  companyInvitesDecline: async (request, reply) => {
    const user = callerUser(request);
    const { ctx } = request.server;
    const [row] = await ctx.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, request.params.id), eq(invitations.email, normalizeEmail(user.email))));
    if (!row) throw notFound();
    if (!user.emailConfirmed) throw detailError(400, fr.server.team.confirmEmailToAnswer);
    if (row.status !== "pending") throw conflict(fr.server.team.invitationNotPending);
    await ctx.db
      .update(invitations)
      .set({ status: "declined", respondedAt: ctx.now() })
      .where(and(eq(invitations.id, row.id), eq(invitations.status, "pending")));
    return reply.code(204).send();
  },
});
