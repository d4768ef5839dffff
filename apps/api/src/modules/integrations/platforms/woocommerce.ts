import { fr } from "@certavis/i18n-fr/server";
import { z } from "zod";
import { checkedOrder, type MappedEvent, shopDate } from "../shop-order";
import { signatureMatches } from "../signing";
import type { ShopPlatform } from "./platform";

const id = z.union([z.string(), z.number()]).nullish();
const wooOrder = z.object({
  id,
  number: z.union([z.string(), z.number()]).nullish(),
  status: z.string(),
  date_created: z.string().nullish(),
  date_created_gmt: z.string().nullish(),
  date_completed: z.string().nullish(),
  date_completed_gmt: z.string().nullish(),
  billing: z
    .object({
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      email: z.string().nullish(),
    })
    .nullish(),
  line_items: z.array(z.object({ sku: z.string().nullish(), product_id: id, name: z.string().nullish() })),
});

/**
 * A WooCommerce order webhook ('Commande mise à jour', `X-WC-Webhook-Topic: order.updated`): taken
 * once its `status` is `completed` (reference `number`, buyer `billing`, items by SKU or product id,
 * date `date_completed_gmt` or `date_created_gmt`); any other status is ignored until then.
 */
export function mapWooCommerceEvent(topic: string, body: unknown): MappedEvent | null {
  if (!topic.startsWith("order.")) return null;
  const parsed = wooOrder.safeParse(body);
  if (!parsed.success) return { kind: "refused", reason: fr.server.integrations.unreadable, reference: null };
  const order = parsed.data;
  const reference = order.number ?? order.id;
  if (order.status !== "completed")
    return {
      kind: "ignored",
      reason: fr.server.integrations.notCompleted(order.status),
      reference: reference === null || reference === undefined ? null : String(reference),
    };
  // `date_*` are the shop's wall clock without zone, `date_*_gmt` the same instant in UTC (also
  // without zone): the latter are read; a date sent without its `_gmt` twin is read as UTC.
  const date = (value: string | null | undefined) =>
    shopDate(value && !/Z|[+-]\d\d:?\d\d$/.test(value) ? `${value}Z` : value);
  return checkedOrder("woocommerce", {
    reference,
    email: order.billing?.email,
    firstName: order.billing?.first_name,
    lastName: order.billing?.last_name,
    orderDate:
      date(order.date_completed_gmt) ??
      date(order.date_completed) ??
      date(order.date_created_gmt) ??
      date(order.date_created),
    items: order.line_items.map((item) => ({ sku: item.sku, productId: item.product_id, title: item.name })),
  });
}

/**
 * WooCommerce pushes signed webhooks (`X-WC-Webhook-Signature`, base64 HMAC-SHA256 of the raw body)
 * with the secret it is given: ours, generated at creation and shown to the roles allowed. Saving
 * the webhook first checks that the URL answers (a form-encoded `webhook_id=…`, nothing to record).
 */
export const woocommerce: ShopPlatform = {
  secret: "generated",
  settings: [],
  createdSettings: () => ({ delayStart: null, states: [] }),
  settingsView: () => ({ states: [], delay_start: null, timezone: null }),
  webhook: {
    signatureHeader: "x-wc-webhook-signature",
    signatureMatches,
    topicHeader: "x-wc-webhook-topic",
    deliveryIdHeaders: ["x-wc-webhook-delivery-id"],
    handling: (topic) => (topic.startsWith("order.") ? { take: true } : null),
    isUrlCheck: (body) => typeof (body as { webhook_id?: unknown } | undefined)?.webhook_id === "string",
  },
  pull: null,
  mapEvent: mapWooCommerceEvent,
};
