import { normalizeEmail } from "@certavis/domain";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { verifyPassword } from "../../auth/password";
import { users } from "../../db/schema";
import { fieldErrors, tooManyRequests } from "../../http/errors";
import type { AuthenticatedUser } from "../../http/request-context";
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from "../auth/limits";
import { IDENTITY_MSG } from "../auth/messages";
import { clearThrottle, hitThrottle, throttleKeys } from "../auth/throttle";

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
  const key = throttleKeys.login(normalizeEmail(user.email));
  const attempts = await hitThrottle(ctx.db, key, LOGIN_FAILURE_WINDOW_MS, ctx.now());
  if (attempts.count > LOGIN_MAX_FAILURES) {
    const seconds = Math.ceil(attempts.retryAfterMs / 1000);
    throw tooManyRequests(IDENTITY_MSG.tooManyLogins(Math.max(1, Math.ceil(seconds / 60))), seconds);
  }
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, password))) {
    throw fieldErrors({ [wrong.field]: [wrong.message] });
  }
  await clearThrottle(ctx.db, key);
}
