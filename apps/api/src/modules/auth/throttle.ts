import { eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { authThrottles } from "../../db/schema";
import { EMAIL_CODE_RESEND_INTERVAL_MS, LOGIN_FAILURE_WINDOW_MS, RESET_MAIL_WINDOW_MS } from "./limits";

export interface ThrottleState {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  retryAfterMs: number;
}

/**
 * Counts one hit on `key` in a fixed window of `windowMs` (atomic upsert, so concurrent hits on
 * several instances are all counted). A window older than `windowMs` restarts at this hit.
 */
export async function hitThrottle(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now: Date,
): Promise<ThrottleState> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const expired = sql`${authThrottles.windowStart} <= ${cutoff}::timestamptz`;
  const [row] = await db
    .insert(authThrottles)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: authThrottles.key,
      set: {
        count: sql`case when ${expired} then 1 else ${authThrottles.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${nowIso}::timestamptz else ${authThrottles.windowStart} end`,
      },
    })
    .returning({ count: authThrottles.count, windowStart: authThrottles.windowStart });
  if (!row) throw new Error(`throttle ${key} not counted`);
  return {
    count: row.count,
    retryAfterMs: Math.max(0, row.windowStart.getTime() + windowMs - now.getTime()),
  };
}

export async function clearThrottle(db: DbOrTx, key: string): Promise<void> {
  await db.delete(authThrottles).where(eq(authThrottles.key, key));
}

/** The longest window any throttle uses; a row whose window started before that counts for nothing. */
export const LONGEST_THROTTLE_WINDOW_MS = Math.max(
  LOGIN_FAILURE_WINDOW_MS,
  EMAIL_CODE_RESEND_INTERVAL_MS,
  RESET_MAIL_WINDOW_MS,
);

/**
 * Deletes the counters whose window ended: every sign-in attempt, even on an unknown address, leaves
 * a row, which would otherwise stay for ever.
 */
export async function purgeExpiredThrottles(db: DbOrTx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - LONGEST_THROTTLE_WINDOW_MS);
  const removed = await db
    .delete(authThrottles)
    .where(lt(authThrottles.windowStart, cutoff))
    .returning({ key: authThrottles.key });
  return removed.length;
}

export const throttleKeys = {
  /** Every failed attempt on an address, whoever sent it (slows attempts down). */
  login: (email: string) => `login:${email}`,
  /** Failed attempts on an address from one client address (locks that client out of it). */
  loginFrom: (email: string, clientIp: string) => `login-from:${email}|${clientIp}`,
  emailCode: (userId: string) => `email-code:${userId}`,
  resetMail: (email: string) => `reset-mail:${email}`,
  /** Wrong second-factor codes of an operator. */
  totp: (userId: string) => `totp:${userId}`,
};
