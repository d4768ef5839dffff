import { and, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { fairDueIds, inListOrder } from "../../lib/fair-turns";

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Only the deliveries of enabled endpoints are claimed, expired leases included. */
export const ofEnabledEndpoints = (tx: Tx): SQL =>
  inArray(
    webhookDeliveries.endpointId,
    tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.enabled, true)),
  );

/**
 * Locks up to `places` due deliveries (`FOR UPDATE SKIP LOCKED`; the expired leases are taken first by
 * lib/leased-queue), due by the queue's clock, only of enabled endpoints, in turns
 * (lib/fair-turns.ts): companies first, then each company's endpoints, and never more than
 * `endpointConcurrency` in flight to one endpoint (its leased deliveries count, whichever instance
 * holds them). One company's slow receiver or big import holds its own places, not another's.
 */
export async function lockDueWebhookDeliveries(
  tx: Tx,
  now: Date,
  places: number,
  endpointConcurrency: number,
): Promise<WebhookDeliveryRow[]> {
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
    places,
  );
  if (ids.length === 0) return [];
  return tx
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
    .limit(places)
    .for("update", { skipLocked: true });
}
