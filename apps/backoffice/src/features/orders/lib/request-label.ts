import type { Schema } from "@certavis/api-client";
import { formatDate } from "@certavis/i18n-fr";
import { orders as frOrders } from "@certavis/i18n-fr/messages/orders";

export type OrderItemRequest = Schema<"OrderItemRequest">;

const t = frOrders.requestState;

/** 'Programmé le 2 déc. 2026', 'Ignoré : produit en brouillon'… */
export function requestLabel(request: OrderItemRequest): string {
  const date = request.at ? formatDate(request.at) : null;
  switch (request.state) {
    case "scheduled":
      return date ? t.scheduled(date) : t.scheduledNoDate;
    case "sent":
      return t.sent(date ?? "—");
    case "reminded":
      return t.reminded(date ?? "—");
    case "reviewed":
      return t.reviewed;
    case "skipped":
      return request.reason ? t.skipped(frOrders.skipReasons[request.reason]) : t.skippedNoReason;
    case "failed":
      return t.failed;
  }
}
