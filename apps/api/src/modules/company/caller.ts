import type { FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../../http/errors";
import { MSG } from "../../http/messages";
import type { AuthenticatedUser, CallerMembership } from "../../http/request-context";

/** The signed-in caller (the route loader already answered 401 otherwise). */
export function callerUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The caller's membership (the route loader already answered 403 for `company` operations). */
export function callerMembership(request: FastifyRequest): CallerMembership {
  if (!request.membership) throw forbidden(MSG.noCompany);
  return request.membership;
}

/** Whether a database error (possibly wrapped by Drizzle in `cause`) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
