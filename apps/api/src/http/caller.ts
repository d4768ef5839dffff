import { fr } from "@certavis/i18n-fr";
import type { FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "./errors";
import type { AuthenticatedUser, CallerMembership } from "./request-context";

/** The signed-in caller (the route loader already answered 401 otherwise). */
export function callerUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The caller's membership (the route loader already answered 403 for `company` operations). */
export function callerMembership(request: FastifyRequest): CallerMembership {
  if (!request.membership) throw forbidden(fr.server.http.noCompany);
  return request.membership;
}

/** The caller's company (the route loader already refused callers without one). */
export function callerCompanyId(request: FastifyRequest): string {
  return callerMembership(request).companyId;
}
