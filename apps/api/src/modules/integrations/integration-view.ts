import type { integrationEvents } from "../../db/schema";
import type { SchemaOf } from "../../http/operation-types";
import { type IntegrationRow, platformOf } from "./platforms";

/** The webhook URL the shop sends its orders to. */
export function webhookUrl(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/api/v1/integrations/${id}/webhook/`;
}

export function integrationView(row: IntegrationRow, publicUrl: string): SchemaOf<"Integration"> {
  const platform = platformOf(row.platform);
  return {
    id: row.id,
    platform: row.platform as SchemaOf<"Integration">["platform"],
    shop_url: row.shopUrl,
    status: row.status as SchemaOf<"Integration">["status"],
    last_event_at: row.lastEventAt?.toISOString() ?? null,
    webhook_url: platform?.webhook ? webhookUrl(publicUrl, row.id) : null,
    ...(platform?.settingsView(row) ?? { states: [], delay_start: null, timezone: null }),
    created_at: row.createdAt.toISOString(),
  };
}

export function integrationEventView(
  row: typeof integrationEvents.$inferSelect,
): SchemaOf<"IntegrationEvent"> {
  return {
    id: row.id,
    topic: row.topic,
    outcome: row.outcome as SchemaOf<"IntegrationEvent">["outcome"],
    reference: row.reference,
    reason: row.reason,
    order_id: row.orderId,
    received_at: row.receivedAt.toISOString(),
  };
}
