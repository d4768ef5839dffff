import type { FastifyRequest } from "fastify";
import { forbidden } from "../../http/errors";

/** The caller's company (the route loader already refused callers without one). */
export function callerCompanyId(request: FastifyRequest): string {
  const membership = request.membership;
  if (!membership) throw forbidden();
  return membership.companyId;
}
