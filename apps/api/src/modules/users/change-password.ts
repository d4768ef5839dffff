import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { hashPassword } from "../../auth/password";
import { issueTokenPair, revokeAllForUser, type TokenPair } from "../../auth/refresh-tokens";
import { users } from "../../db/schema";
import type { AuthenticatedUser } from "../../http/request-context";
import { deliverMail } from "../auth/deliver";
import { passwordChangedMail } from "../auth/identity-mails";
import { checkOwnPassword } from "./own-password";

/**
 * Changes the password after checking the current one; every refresh family of the user is revoked
 * and the caller gets a fresh pair (the other sessions must sign in again).
 */
export async function changePassword(
  request: FastifyRequest,
  user: AuthenticatedUser,
  input: { current_password: string; password: string },
): Promise<TokenPair> {
  const { ctx } = request.server;
  await checkOwnPassword(request, user, input.current_password, {
    field: "current_password",
    message: fr.server.identity.wrongCurrentPassword,
  });
  const passwordHash = await hashPassword(input.password, ctx.passwordHashParams);
  const now = ctx.now();
  const tokens = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeAllForUser(tx, user.id, now);
    return issueTokenPair(ctx, tx, user.id);
  });
  await deliverMail(request, await passwordChangedMail({ to: user.email, firstName: user.firstName }));
  return tokens;
}
