import { normalizeEmail } from "@certavis/domain";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { tooManyRequests } from "../../http/errors";
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from "./limits";
import { IDENTITY_MSG } from "./messages";
import { clearThrottle, hitThrottle, throttleKeys } from "./throttle";

/**
 * Counts one password attempt on an address (sign-in, or a signed-in user's own password check)
 * before the password is checked, so parallel guesses count too; past LOGIN_MAX_FAILURES in the
 * window the address answers 429 whatever the password.
 */
export async function countPasswordAttempt(ctx: Pick<AppContext, "db" | "now">, email: string) {
  const attempts = await hitThrottle(
    ctx.db,
    throttleKeys.login(normalizeEmail(email)),
    LOGIN_FAILURE_WINDOW_MS,
    ctx.now(),
  );
  if (attempts.count > LOGIN_MAX_FAILURES) {
    const seconds = Math.ceil(attempts.retryAfterMs / 1000);
    throw tooManyRequests(IDENTITY_MSG.tooManyLogins(Math.max(1, Math.ceil(seconds / 60))), seconds);
  }
}

/** The right password (or a reset) clears the address's count. */
export async function forgetPasswordAttempts(db: DbOrTx, email: string) {
  await clearThrottle(db, throttleKeys.login(normalizeEmail(email)));
}
