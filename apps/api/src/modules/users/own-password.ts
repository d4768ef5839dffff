import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { verifyPassword } from "../../auth/password";
import { users } from "../../db/schema";
import { fieldErrors } from "../../http/errors";
import type { AuthenticatedUser } from "../../http/request-context";
import { countPasswordAttempt, forgetPasswordAttempts } from "../auth/password-attempts";

/**
 * Checks the signed-in user's own password (password change, account deletion). A guess here is a
 * guess at sign-in: it counts on the same per-address counter, so a stolen session cannot try
 * passwords faster than the login form allows. A wrong one is a 400 on `field`.
 */
export async function checkOwnPassword(
  request: FastifyRequest,
  user: AuthenticatedUser,
  password: string,
  wrong: { field: string; message: string },
): Promise<void> {
  const { ctx } = request.server;
  await countPasswordAttempt(ctx, user.email, request.ip);
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, password))) {
    throw fieldErrors({ [wrong.field]: [wrong.message] });
  }
  await forgetPasswordAttempts(ctx.db, user.email, request.ip);
}
