import type { integrationEvents, integrations } from "../../db/schema";
import type { SchemaOf } from "../../http/operation-types";
import { delayStartOf } from "./shopify";

type IntegrationRow = typeof integrations.$inferSelect;

/** The webhook URL the shop sends its orders to. */
export function webhookUrl(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/api/v1/integrations/${id}/webhook/`;
}

export function integrationView(row: IntegrationRow, publicUrl: string): SchemaOf<"Integration"> {
  return {
    id: row.id,
    platform: row.platform as SchemaOf<"Integration">["platform"],
    shop_url: row.shopUrl,
    status: row.status as SchemaOf<"Integration">["status"],
    last_event_at: row.lastEventAt?.toISOString() ?? null,
    webhook_url: row.platform === "prestashop" ? null : webhookUrl(publicUrl, row.id),
    states: row.platform === "prestashop" ? row.states : [],
    delay_start: row.platform === "shopify" ? delayStartOf(row.delayStart) : null,
    timezone: row.platform === "prestashop" ? row.timezone : null,
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
