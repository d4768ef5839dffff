import { normalizeEmail } from "@certavis/domain";
import type { FastifyRequest } from "fastify";
import { issueTokenPair, type TokenPair } from "../../auth/refresh-tokens";
import { fieldErrors, tooManyRequests } from "../../http/errors";
import type { BodyOf } from "../../http/operation-types";
import { checkCredentials } from "./credentials";
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from "./limits";
import { IDENTITY_MSG } from "./messages";
import { clearThrottle, hitThrottle, throttleKeys } from "./throttle";

/**
 * Signs in. Every attempt is counted per e-mail address before the password is checked (so parallel
 * guesses are counted too) and a success clears the count; past LOGIN_MAX_FAILURES in the window the
 * address answers 429 whatever the password. Unknown and known addresses answer alike.
 */
export async function login(request: FastifyRequest, body: BodyOf<"authLogin">): Promise<TokenPair> {
  const { ctx } = request.server;
  const email = normalizeEmail(body.email);
  const key = throttleKeys.login(email);
  const attempts = await hitThrottle(ctx.db, key, LOGIN_FAILURE_WINDOW_MS, ctx.now());
  if (attempts.count > LOGIN_MAX_FAILURES) {
    const seconds = Math.ceil(attempts.retryAfterMs / 1000);
    throw tooManyRequests(IDENTITY_MSG.tooManyLogins(Math.max(1, Math.ceil(seconds / 60))), seconds);
  }
  const user = await checkCredentials(ctx, email, body.password);
  if (!user) throw fieldErrors({ non_field_errors: [IDENTITY_MSG.invalidCredentials] });
  await clearThrottle(ctx.db, key);
  return issueTokenPair(ctx, ctx.db, user.id);
}
