import { setTimeout as sleep } from "node:timers/promises";
import { normalizeEmail } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { eq, like, or } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { authThrottles } from "../../db/schema";
import { tooManyRequests } from "../../http/errors";
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_SLOWDOWN_MAX_MS,
  LOGIN_SLOWDOWN_STEP_MS,
} from "./limits";
import { hitThrottle, throttleKeys } from "./throttle";

/**
 * How long an attempt on an address waits once the account-wide failures (from every client
 * address) pass LOGIN_MAX_FAILURES: LOGIN_SLOWDOWN_STEP_MS more per failure, at most
 * LOGIN_SLOWDOWN_MAX_MS. Guessing from many addresses gets slow; the owner is never locked out.
 */
export function loginSlowdownMs(accountFailures: number): number {
  const over = accountFailures - LOGIN_MAX_FAILURES;
  return over > 0 ? Math.min(LOGIN_SLOWDOWN_MAX_MS, over * LOGIN_SLOWDOWN_STEP_MS) : 0;
}

/**
 * Counts one password attempt (sign-in, or a signed-in user's own password check) before the
 * password is checked, so parallel guesses count too. Keyed on address + client IP (ARCHITECTURE
 * §10): past LOGIN_MAX_FAILURES in the window, that client answers 429 for that address
 * whatever the password, while its owner elsewhere still signs in. The account-wide count only
 * slows attempts down (`loginSlowdownMs`). The client IP follows TRUST_PROXY (no forged header).
 */
export async function countPasswordAttempt(
  ctx: Pick<AppContext, "db" | "now">,
  email: string,
  clientIp: string,
) {
  const address = normalizeEmail(email);
  const now = ctx.now();
  const fromClient = await hitThrottle(
    ctx.db,
    throttleKeys.loginFrom(address, clientIp),
    LOGIN_FAILURE_WINDOW_MS,
    now,
  );
  if (fromClient.count > LOGIN_MAX_FAILURES) {
    const seconds = Math.ceil(fromClient.retryAfterMs / 1000);
    throw tooManyRequests(fr.server.identity.tooManyLogins(Math.max(1, Math.ceil(seconds / 60))), seconds);
  }
  const account = await hitThrottle(ctx.db, throttleKeys.login(address), LOGIN_FAILURE_WINDOW_MS, now);
  const wait = loginSlowdownMs(account.count);
  if (wait > 0) await sleep(wait);
}

/** LIKE pattern matching `value` literally. */
function literal(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The right password clears the account's count and that client's; a reset (`clientIp` null)
 * clears the counts of every client.
 */
export async function forgetPasswordAttempts(db: DbOrTx, email: string, clientIp: string | null) {
  const address = normalizeEmail(email);
  const account = eq(authThrottles.key, throttleKeys.login(address));
  await db
    .delete(authThrottles)
    .where(
      clientIp === null
        ? or(account, like(authThrottles.key, `${literal(throttleKeys.loginFrom(address, ""))}%`))
        : or(account, eq(authThrottles.key, throttleKeys.loginFrom(address, clientIp))),
    );
}
