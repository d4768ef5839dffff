import { canGrantRole, normalizeRole } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq, isNull, ne, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { lockedIsOperator } from "../../db/operator-lock";
import { companies, joinRequests, memberships } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique-violation";
import { callerMembership, callerUser } from "../../http/caller";
import { conflict, detailError, forbidden, notFound } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { assertMemberRoom } from "./member-limit";
import { getJoinRequest, getMember, listPendingRequests } from "./views";

type JoinRequestRow = typeof joinRequests.$inferSelect;

/** The join request `id` among those `scope` selects: 404 when absent, 409 once it is decided. */
async function findPendingRequest(db: DbOrTx, id: string, scope: SQL): Promise<JoinRequestRow> {
  const [row] = await db
    .select()
    .from(joinRequests)
    .where(and(eq(joinRequests.id, id), scope));
  if (!row) throw notFound();
  if (row.status !== "pending") throw conflict(fr.server.team.requestNotPending);
  return row;
}

/** Closes a pending request (cancelled or declined); one decided meanwhile is left as it is. */
async function closeRequest(
  db: DbOrTx,
  id: string,
  decision: Pick<typeof joinRequests.$inferInsert, "status" | "decidedAt" | "decidedBy">,
): Promise<void> {
  await db
    .update(joinRequests)
    .set(decision)
    .where(and(eq(joinRequests.id, id), eq(joinRequests.status, "pending")));
}

export const requestHandlers = defineHandlers({
  /** With a company (requests.review, checked by the route loader): its requests; without: the caller's. */
  companyRequestsList: async (request) => {
    const user = callerUser(request);
    const page = pageParams(request.query);
    const scope = request.membership ? { companyId: request.membership.companyId } : { userId: user.id };
    const { count, results } = await listPendingRequests(request.server.ctx.db, scope, page);
    return paged(request, page, count, results);
  },

  companyRequestsCreate: async (request, reply) => {
    const user = callerUser(request);
    if (request.membership) throw detailError(400, fr.server.company.alreadyInCompany);
    const { ctx } = request.server;
    const companyId = request.body.company_id;
    const id = await ctx.db.transaction(async (tx) => {
      if (await lockedIsOperator(tx, user.id)) throw detailError(400, fr.server.operators.cannotJoinCompany);
      const [company] = await tx
        .select({ id: companies.id })
        .from(companies)
        // A company that left has no one to accept a request.
        .where(and(eq(companies.id, companyId), isNull(companies.departedAt)));
      if (!company) throw notFound();
      const [pending] = await tx
        .select({ id: joinRequests.id })
        .from(joinRequests)
        .where(
          and(
            eq(joinRequests.userId, user.id),
            eq(joinRequests.companyId, companyId),
            eq(joinRequests.status, "pending"),
          ),
        );
      if (pending) throw detailError(400, fr.server.team.requestAlreadyPending);
      const [created] = await tx
        .insert(joinRequests)
        .values({ companyId, userId: user.id, createdAt: ctx.now() })
        .returning({ id: joinRequests.id });
      if (!created) throw new Error("join request not created");
      return created.id;
    });
    const view = await getJoinRequest(ctx.db, id);
    if (!view) throw notFound();
    reply.code(201);
    return view;
  },

  /** The requester cancels their own request (anyone else's id is not found). */
  companyRequestsDelete: async (request, reply) => {
    const user = callerUser(request);
    const { ctx } = request.server;
    const row = await findPendingRequest(ctx.db, request.params.id, eq(joinRequests.userId, user.id));
    await closeRequest(ctx.db, row.id, { status: "cancelled", decidedAt: ctx.now() });
    return reply.code(204).send();
  },

  companyRequestsAccept: async (request) => {
    const caller = callerMembership(request);
    const deciderId = callerUser(request).id;
    const { ctx } = request.server;
    const role = normalizeRole(request.body?.role ?? "member") ?? "member";
    if (!canGrantRole(caller.role, role)) throw forbidden(fr.server.team.roleAboveOwn);
    const now = ctx.now();
    const row = await findPendingRequest(
      ctx.db,
      request.params.id,
      eq(joinRequests.companyId, caller.companyId),
    );
    try {
      const membershipId = await ctx.db.transaction(async (tx) => {
        if (await lockedIsOperator(tx, row.userId)) throw conflict(fr.server.operators.requesterIsOperator);
        const [elsewhere] = await tx
          .select({ id: memberships.id })
          .from(memberships)
          .where(eq(memberships.userId, row.userId));
        if (elsewhere) throw conflict(fr.server.team.requesterHasCompany);
        await assertMemberRoom(tx, caller.companyId, now);
        const taken = await tx
          .update(joinRequests)
          .set({ status: "accepted", role, decidedAt: now, decidedBy: deciderId })
          .where(and(eq(joinRequests.id, row.id), eq(joinRequests.status, "pending")))
          .returning({ id: joinRequests.id });
        if (taken.length === 0) throw conflict(fr.server.team.requestNotPending);
        const [member] = await tx
          .insert(memberships)
          .values({ companyId: caller.companyId, userId: row.userId, role, joinedAt: now })
          .returning({ id: memberships.id });
        // The requester's requests to other companies are closed: a user belongs to one company.
        await tx
          .update(joinRequests)
          .set({ status: "cancelled", decidedAt: now })
          .where(
            and(
              eq(joinRequests.userId, row.userId),
              eq(joinRequests.status, "pending"),
              ne(joinRequests.id, row.id),
            ),
          );
        if (!member) throw new Error("membership not created");
        return member.id;
      });
      const member = await getMember(ctx.db, caller.companyId, membershipId);
      if (!member) throw notFound();
      return member;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(fr.server.team.requesterHasCompany);
      throw error;
    }
  },

  companyRequestsDecline: async (request, reply) => {
    const caller = callerMembership(request);
    const { ctx } = request.server;
    const row = await findPendingRequest(
      ctx.db,
      request.params.id,
      eq(joinRequests.companyId, caller.companyId),
    );
    const decidedBy = callerUser(request).id;
    await closeRequest(ctx.db, row.id, { status: "declined", decidedAt: ctx.now(), decidedBy });
    return reply.code(204).send();
  },
});
