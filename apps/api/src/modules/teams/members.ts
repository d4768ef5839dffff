import {
  can,
  canChangeMemberRole,
  canGrantRole,
  canRemoveMember,
  memberRoleChoices,
  normalizeRole,
  outranks,
} from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq } from "drizzle-orm";
import { memberships } from "../../db/schema";
import { callerMembership, callerUser } from "../../http/caller";
import { fieldErrors, forbidden, notFound } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { getMember, listMembers } from "./views";

export const memberHandlers = defineHandlers({
  companyMembersList: async (request) => {
    const { companyId } = callerMembership(request);
    const page = pageParams(request.query);
    const { count, results } = await listMembers(request.server.ctx.db, companyId, page);
    return paged(request, page, count, results);
  },

  companyMembersUpdate: async (request) => {
    const caller = callerMembership(request);
    const { db } = request.server.ctx;
    const target = await getMember(db, caller.companyId, request.params.id);
    if (!target) throw notFound();
    const next = request.body.role;
    const isSelf = target.user_id === callerUser(request).id;
    if (!canChangeMemberRole(caller.role, target.role, next, { isSelf })) {
      if (target.role === "owner") throw forbidden(fr.server.team.ownerRoleFixed);
      if (isSelf) throw forbidden(fr.server.team.ownRoleFixed);
      if (!outranks(caller.role, target.role)) throw forbidden(fr.server.team.rankNotBelowOwn);
      const nextRole = normalizeRole(next);
      if (!nextRole || !memberRoleChoices.includes(nextRole))
        throw fieldErrors({ role: [fr.server.team.roleNotAllowed] });
      if (!canGrantRole(caller.role, nextRole)) throw forbidden(fr.server.team.roleAboveOwn);
      throw forbidden();
    }
    await db
      .update(memberships)
      .set({ role: normalizeRole(next) ?? next })
      .where(and(eq(memberships.companyId, caller.companyId), eq(memberships.id, target.id)));
    const updated = await getMember(db, caller.companyId, target.id);
    if (!updated) throw notFound();
    return updated;
  },

  /** Removing someone (members.remove), or leaving the company (removing oneself). */
  companyMembersDelete: async (request, reply) => {
    const caller = callerMembership(request);
    const { db } = request.server.ctx;
    const target = await getMember(db, caller.companyId, request.params.id);
    if (!target) throw notFound();
    const isSelf = target.user_id === callerUser(request).id;
    if (!canRemoveMember(caller.role, target.role, { isSelf })) {
      if (target.role === "owner") throw forbidden(fr.server.team.ownerCannotLeave);
      const rankTooLow = can(caller.role, "members.remove") && !outranks(caller.role, target.role);
      throw forbidden(rankTooLow ? fr.server.team.rankNotBelowOwn : undefined);
    }
    await db
      .delete(memberships)
      .where(and(eq(memberships.companyId, caller.companyId), eq(memberships.id, target.id)));
    return reply.code(204).send();
  },
});
