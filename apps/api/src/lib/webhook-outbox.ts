import { randomUUID } from "node:crypto";
import { type WebhookEventType, webhookEndpointReceives } from "@certavis/domain";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { webhookDeliveries, webhookEndpoints, webhookMessages } from "../db/schema";

export interface WebhookEvent {
  companyId: string;
  type: WebhookEventType;
  /** The review or the order (its head line) the event is about. */
  subjectId: string;
  at: Date;
}

/**
 * The outbox of the outgoing webhooks (ARCHITECTURE §10.14): called in the transaction of the change
 * it tells (the review trail, order creation), it writes the event and one delivery per enabled
 * endpoint of the company that receives it (`webhookEndpointReceives`), due at once; `modules/webhooks` sends them. A company
 * without endpoints costs one indexed read.
 */
export async function enqueueWebhookEvents(tx: DbOrTx, events: readonly WebhookEvent[]): Promise<void> {
  if (events.length === 0) return;
  const companyIds = [...new Set(events.map((event) => event.companyId))];
  const endpoints = await tx
    .select({
      id: webhookEndpoints.id,
      companyId: webhookEndpoints.companyId,
      events: webhookEndpoints.events,
    })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.companyId, companyIds), eq(webhookEndpoints.enabled, true)));
  if (endpoints.length === 0) return;
  const wanted = events
    .map((event) => ({
      event,
      endpoints: endpoints.filter(
        (e) => e.companyId === event.companyId && webhookEndpointReceives(e.events, event.type),
      ),
    }))
    .filter((item) => item.endpoints.length > 0);
  if (wanted.length === 0) return;
  const ids = wanted.map(() => randomUUID());
  await tx.insert(webhookMessages).values(
    wanted.map(({ event }, index) => ({
      id: ids[index],
      companyId: event.companyId,
      type: event.type,
      subjectId: event.subjectId,
      occurredAt: event.at,
      createdAt: event.at,
    })),
  );
  await tx.insert(webhookDeliveries).values(
    wanted.flatMap(({ event, endpoints: subscribed }, index) => {
      const messageId = ids[index];
      if (!messageId) return [];
      return subscribed.map((endpoint) => ({
        companyId: event.companyId,
        messageId,
        endpointId: endpoint.id,
        nextAttemptAt: event.at,
        createdAt: event.at,
      }));
    }),
  );
}

/**
 * The same outbox as `enqueueWebhookEvents`, as CTEs for one-statement batch inserts (the CSV import):
 * one `type` event per row `id` of the CTE `subjects`, and its deliveries to the company's subscribed
 * enabled endpoints. Starts with a comma: append it after the statement's own CTEs.
 */
export function webhookOutboxCtes(
  companyId: string,
  type: WebhookEventType,
  subjects: string,
  at: Date,
): SQL {
  const from = sql.raw(`"${subjects.replace(/"/g, "")}"`);
  const when = at.toISOString();
  return sql`, webhook_targets AS (
      SELECT id FROM webhook_endpoints
      WHERE company_id = ${companyId}::uuid AND enabled AND ${type} = ANY(events)
    ), webhook_new_messages AS (
      INSERT INTO webhook_messages (company_id, type, subject_id, occurred_at, created_at)
      SELECT ${companyId}::uuid, ${type}, ${from}.id, ${when}::timestamptz, ${when}::timestamptz
      FROM ${from} WHERE EXISTS (SELECT 1 FROM webhook_targets)
      RETURNING id
    ), webhook_new_deliveries AS (
      INSERT INTO webhook_deliveries (company_id, message_id, endpoint_id, next_attempt_at, created_at)
      SELECT ${companyId}::uuid, webhook_new_messages.id, webhook_targets.id, ${when}::timestamptz, ${when}::timestamptz
      FROM webhook_new_messages CROSS JOIN webhook_targets
    )`;
}

/**
 * Blanks, in the caller's transaction (an erasure), the stored bodies of the company's events about
 * these reviews or orders, sent or still to send: each keeps its type, timestamp and the subject's id
 * only, so a retry sends no more than that (its `webhook-id` is unchanged).
 */
export async function blankWebhookPayloads(
  tx: DbOrTx,
  companyId: string,
  subjectIds: readonly string[],
): Promise<void> {
  if (subjectIds.length === 0) return;
  const theirs = and(
    eq(webhookMessages.companyId, companyId),
    inArray(webhookMessages.subjectId, [...subjectIds]),
  );
  // Locked in id order first, the order in which the webhook worker's claim stores bodies
  // (`messageBodies`): in the UPDATE's own order the two deadlocked over two messages of the buyer.
  await tx
    .select({ id: webhookMessages.id })
    .from(webhookMessages)
    .where(theirs)
    .orderBy(asc(webhookMessages.id))
    .for("update");
  await tx
    .update(webhookMessages)
    .set({
      payload: sql`jsonb_build_object(
        'type', ${webhookMessages.type},
        'timestamp', to_char(${webhookMessages.occurredAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'data', jsonb_build_object('id', ${webhookMessages.subjectId})
      )`,
    })
    .where(theirs);
}
