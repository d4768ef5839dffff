import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { subscriptionsToCancel } from "../../db/schema";
import { isSandboxSubscription } from "./payment-mode";

/** Retries back off from 1 minute, doubling, up to 6 hours between attempts. */
export function cancelRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

const BATCH = 50;

/**
 * Records, in the caller's transaction, Stripe subscriptions that no longer back a company (sandbox
 * ones bill nothing and are left out).
 */
export async function recordSubscriptionsToCancel(
  tx: DbOrTx,
  ids: readonly (string | null)[],
): Promise<string[]> {
  const real = ids.filter((id): id is string => !!id && !isSandboxSubscription(id));
  if (real.length > 0)
    await tx
      .insert(subscriptionsToCancel)
      .values(real.map((subscriptionId) => ({ subscriptionId })))
      .onConflictDoNothing();
  return real;
}

/**
 * Cancels at Stripe the subscriptions recorded to cancel: the given ones (right after the change that
 * recorded them), else those due for a retry. A confirmed cancel, or a subscription Stripe no longer knows,
 * deletes the record; a failure keeps it with the next attempt's date. Returns how many were cancelled.
 */
export async function cancelSubscriptionsAtProvider(
  ctx: Pick<AppContext, "db" | "stripe" | "now">,
  log: FastifyBaseLogger,
  only?: readonly string[],
): Promise<number> {
  const { db, stripe } = ctx;
  if (!stripe || (only && only.length === 0)) return 0;
  const now = ctx.now();
  const rows = await db
    .select()
    .from(subscriptionsToCancel)
    .where(
      only
        ? inArray(subscriptionsToCancel.subscriptionId, [...only])
        : lte(subscriptionsToCancel.nextAttemptAt, now),
    )
    .orderBy(asc(subscriptionsToCancel.nextAttemptAt))
    .limit(BATCH);
  let cancelled = 0;
  for (const row of rows) {
    const mine = eq(subscriptionsToCancel.subscriptionId, row.subscriptionId);
    try {
      await stripe.subscriptions.cancel(row.subscriptionId, { prorate: true });
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== 404) {
        const attempts = row.attempts + 1;
        await db
          .update(subscriptionsToCancel)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
            nextAttemptAt: new Date(now.getTime() + cancelRetryDelayMs(attempts)),
          })
          .where(and(mine, eq(subscriptionsToCancel.attempts, row.attempts)));
        log.error(
          { err: error, subscription: row.subscriptionId, attempts },
          "could not cancel a subscription at Stripe; will retry",
        );
        continue;
      }
    }
    await db.delete(subscriptionsToCancel).where(mine);
    cancelled += 1;
  }
  return cancelled;
}
