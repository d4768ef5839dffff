import { fr } from "@certavis/i18n-fr";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { users } from "../../db/schema";
import { detailError } from "../../http/errors";
import type { AuthenticatedUser, CallerMembership } from "../../http/request-context";
import { checkOwnPassword } from "./own-password";

/**
 * Deletes the account after checking the password (memberships, tokens, codes and join requests go
 * with it). An owner must delete their company first, so no company is left without an owner.
 */
export async function deleteAccount(
  request: FastifyRequest,
  user: AuthenticatedUser,
  membership: CallerMembership | null,
  password: string,
): Promise<void> {
  await checkOwnPassword(request, user, password, {
    field: "password",
    message: fr.server.identity.wrongPassword,
  });
  if (membership?.role === "owner") throw detailError(400, fr.server.identity.ownerCannotLeave);
  await request.server.ctx.db.delete(users).where(eq(users.id, user.id));
}
