import type { Role } from "@certavis/domain";
import type { AppContext } from "../context";

export interface AuthenticatedUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailConfirmed: boolean;
}

export interface CallerMembership {
  id: string;
  companyId: string;
  role: Role;
  joinedAt: Date;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Set by the route loader for `user` and `company` operations. */
    user: AuthenticatedUser | null;
    /** The caller's membership (company and role), when they have one. */
    membership: CallerMembership | null;
    /** The company of a valid `X-Api-Key` (`apiKey` operations). */
    apiKeyCompanyId: string | null;
    /** The raw JSON body, kept only for the Stripe webhook (signature check). */
    rawBody: string | null;
    /** The operationId of the matched contract operation. */
    operationId: string | null;
  }
}
