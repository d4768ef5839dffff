import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { replacedSubscriptions } from "../../db/schema";

/** Retries back off from 1 minute, doubling, up to 6 hours between attempts. */
export function cancelRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

const BATCH = 50;

/**
 * Cancels at Stripe the replaced subscriptions recorded by the fulfilment: the given ones (right after
 * a webhook), else those due for a retry. A confirmed cancel, or a subscription Stripe no longer knows,
 * deletes the record; a failure keeps it with the next attempt's date. Returns how many were cancelled.
 */
export async function cancelReplacedSubscriptions(
  ctx: Pick<AppContext, "db" | "stripe" | "now">,
  log: FastifyBaseLogger,
  only?: readonly string[],
): Promise<number> {
  const { db, stripe } = ctx;
  if (!stripe || (only && only.length === 0)) return 0;
  const now = ctx.now();
  const rows = await db
    .select()
    .from(replacedSubscriptions)
    .where(
      only
        ? inArray(replacedSubscriptions.subscriptionId, [...only])
        : lte(replacedSubscriptions.nextAttemptAt, now),
    )
    .orderBy(asc(replacedSubscriptions.nextAttemptAt))
    .limit(BATCH);
  let cancelled = 0;
  for (const row of rows) {
    const mine = eq(replacedSubscriptions.subscriptionId, row.subscriptionId);
    try {
      await stripe.subscriptions.cancel(row.subscriptionId, { prorate: true });
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== 404) {
        const attempts = row.attempts + 1;
        await db
          .update(replacedSubscriptions)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
            nextAttemptAt: new Date(now.getTime() + cancelRetryDelayMs(attempts)),
          })
          .where(and(mine, eq(replacedSubscriptions.attempts, row.attempts)));
        log.error(
          { err: error, subscription: row.subscriptionId, attempts },
          "could not cancel the replaced subscription; will retry",
        );
        continue;
      }
    }
    await db.delete(replacedSubscriptions).where(mine);
    cancelled += 1;
  }
  return cancelled;
}
