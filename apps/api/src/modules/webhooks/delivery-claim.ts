import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { fairDueIds, inListOrder } from "../../lib/fair-turns";

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** `now() + ms` on the database's clock: every instance reads leases against the same one. */
const databaseNowPlus = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;

const enabledEndpoints = (tx: Tx) =>
  tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.enabled, true));

/**
 * Locks up to `batchSize` deliveries to attempt (`FOR UPDATE SKIP LOCKED`, as `mail-claim.ts`): first
 * those whose lease ran out on the database's clock (a dead worker's), then those due by the queue's
 * clock, only of enabled endpoints, in turns (lib/fair-turns.ts): companies first, then each
 * company's endpoints, and never more than `endpointConcurrency` in flight to one endpoint (its
 * leased deliveries count, whichever instance holds them). One company's slow receiver or big import
 * holds its own places, not another's.
 */
export async function lockDueWebhookDeliveries(
  tx: Tx,
  now: Date,
  batchSize: number,
  endpointConcurrency: number,
): Promise<WebhookDeliveryRow[]> {
  const expired = await tx
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, "sending"),
        lte(webhookDeliveries.leaseUntil, sql`now()`),
        inArray(webhookDeliveries.endpointId, enabledEndpoints(tx)),
      ),
    )
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const room = batchSize - expired.length;
  if (room <= 0) return expired;
  const dueAt = sql`${now.toISOString()}::timestamptz`;
  const ids = await fairDueIds(
    tx,
    {
      from: sql`${webhookDeliveries}
        join ${webhookEndpoints} on ${webhookEndpoints.id} = ${webhookDeliveries.endpointId} and ${webhookEndpoints.enabled}
        left join (
          select endpoint_id, count(*)::int as n from ${webhookDeliveries}
          where status = 'sending' and lease_until > now() group by endpoint_id
        ) in_flight on in_flight.endpoint_id = ${webhookDeliveries.endpointId}`,
      id: webhookDeliveries.id,
      due: sql`${webhookDeliveries.status} = 'scheduled' and ${webhookDeliveries.nextAttemptAt} <= ${dueAt}`,
      dueAt: webhookDeliveries.nextAttemptAt,
      tenant: webhookDeliveries.companyId,
      lane: {
        key: webhookDeliveries.endpointId,
        room: sql`${endpointConcurrency}::int - coalesce(in_flight.n, 0)`,
      },
    },
    room,
  );
  if (ids.length === 0) return expired;
  const due = await tx
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.id, ids),
        eq(webhookDeliveries.status, "scheduled"),
        lte(webhookDeliveries.nextAttemptAt, dueAt),
      ),
    )
    .orderBy(inListOrder(webhookDeliveries.id, ids))
    .limit(room)
    .for("update", { skipLocked: true });
  return [...expired, ...due];
}

/** Leases the rows to the claim `token` for `leaseMs` and counts the attempt. */
export async function leaseWebhookDeliveries(
  tx: Tx,
  ids: string[],
  token: string,
  leaseMs: number,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(webhookDeliveries)
    .set({
      status: "sending",
      leaseToken: token,
      leaseUntil: databaseNowPlus(leaseMs),
      attempts: sql`${webhookDeliveries.attempts} + 1`,
    })
    .where(inArray(webhookDeliveries.id, ids));
}

/** The condition of a write that applies only while `token` still holds the lease of row `id`. */
export const stillLeased = (id: string, token: string) =>
  and(
    eq(webhookDeliveries.id, id),
    eq(webhookDeliveries.status, "sending"),
    eq(webhookDeliveries.leaseToken, token),
  );
