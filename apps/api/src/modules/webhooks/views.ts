import type { WebhookEventType } from "@certavis/domain";
import type { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import type { SchemaOf } from "../../http/operation-types";

export type WebhookEndpointView = SchemaOf<"WebhookEndpoint">;
export type WebhookDeliveryView = SchemaOf<"WebhookDelivery">;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toEndpointView(
  row: typeof webhookEndpoints.$inferSelect,
  secret: string | null = null,
): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    secret,
    failing_since: iso(row.failingSince),
    disabled_at: iso(row.disabledAt),
    created_at: row.createdAt.toISOString(),
  };
}

/** The `webhook-id` of a message: the same on every attempt. */
export const webhookMessageId = (messageId: string) => `msg_${messageId.replaceAll("-", "")}`;

export function toDeliveryView(
  row: typeof webhookDeliveries.$inferSelect,
  eventType: string,
): WebhookDeliveryView {
  return {
    id: row.id,
    message_id: webhookMessageId(row.messageId),
    event_type: eventType,
    status: row.status as WebhookDeliveryView["status"],
    attempts: row.attempts,
    status_code: row.lastStatusCode,
    duration_ms: row.lastDurationMs,
    error: row.lastError,
    next_attempt_at: row.status === "scheduled" ? iso(row.nextAttemptAt) : null,
    delivered_at: iso(row.deliveredAt),
    created_at: row.createdAt.toISOString(),
  };
}
