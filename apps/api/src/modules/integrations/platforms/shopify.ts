import { fr } from "@certavis/i18n-fr/server";
import { z } from "zod";
import { checkedOrder, type MappedEvent, shopDate } from "../shop-order";
import { signatureMatches } from "../signing";
import type { ShopPlatform } from "./platform";

/** The topic that starts a request's delay, the shop's choice per connection: payment or fulfilment. */
export type DelayStart = "paid" | "fulfilled";
const DELAY_TOPICS: Readonly<Record<DelayStart, string>> = {
  paid: "orders/paid",
  fulfilled: "orders/fulfilled",
};
/** A connection that names none starts at fulfilment (the buyer has the product in hand soonest). */
const DEFAULT_DELAY_START: DelayStart = "fulfilled";

const delayStartOf = (value: string | null): DelayStart =>
  value === "paid" || value === "fulfilled" ? value : DEFAULT_DELAY_START;

/** The topics Shopify sends that carry an order to ask a review for. */
const ORDER_TOPICS = Object.values(DELAY_TOPICS);

const id = z.union([z.string(), z.number()]).nullish();
const shopifyOrder = z.object({
  name: z.string().nullish(),
  email: z.string().nullish(),
  contact_email: z.string().nullish(),
  created_at: z.string().nullish(),
  customer: z
    .object({
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      email: z.string().nullish(),
    })
    .nullish(),
  line_items: z.array(z.object({ sku: z.string().nullish(), product_id: id, title: z.string().nullish() })),
  fulfillments: z.array(z.object({ created_at: z.string().nullish() })).nullish(),
});

/**
 * A Shopify webhook (`X-Shopify-Topic`): `orders/paid` and `orders/fulfilled` are orders (reference
 * `name`, buyer `customer`, items by SKU or product id, date `created_at`, the fulfilment's for
 * `orders/fulfilled`); any other topic is none of ours.
 */
export function mapShopifyEvent(topic: string, body: unknown): MappedEvent | null {
  if (!ORDER_TOPICS.includes(topic)) return null;
  const parsed = shopifyOrder.safeParse(body);
  if (!parsed.success) return { kind: "refused", reason: fr.server.integrations.unreadable, reference: null };
  const order = parsed.data;
  const fulfilled = topic === "orders/fulfilled" ? order.fulfillments?.at(-1)?.created_at : null;
  return checkedOrder("shopify", {
    reference: order.name,
    email: order.customer?.email || order.email || order.contact_email,
    firstName: order.customer?.first_name,
    lastName: order.customer?.last_name,
    orderDate: shopDate(fulfilled) ?? shopDate(order.created_at),
    items: order.line_items.map((item) => ({ sku: item.sku, productId: item.product_id, title: item.title })),
  });
}

/** The order's `name` of a body logged as ignored. */
function referenceOf(body: unknown): string | null {
  const name = (body as { name?: unknown } | null)?.name;
  return typeof name === "string" ? name.slice(0, 200) : null;
}

/**
 * Shopify pushes signed webhooks (`X-Shopify-Hmac-Sha256`, base64 HMAC-SHA256 of the raw body) and
 * signs only with the shop's own secret: a connection given none waits for it. One topic starts the
 * delay (the connection's `delay_start`); the other would race it, so it is only logged.
 */
export const shopify: ShopPlatform = {
  secret: "shop",
  settings: ["secret", "delay_start"],
  createdSettings: (body) => ({ delayStart: body.delay_start ?? DEFAULT_DELAY_START, states: [] }),
  settingsView: (row) => ({ states: [], delay_start: delayStartOf(row.delayStart), timezone: null }),
  webhook: {
    signatureHeader: "x-shopify-hmac-sha256",
    signatureMatches,
    topicHeader: "x-shopify-topic",
    deliveryIdHeaders: ["x-shopify-event-id", "x-shopify-webhook-id"],
    handling: (topic, row) => {
      const start = delayStartOf(row.delayStart);
      if (topic === DELAY_TOPICS[start]) return { take: true };
      const other = start === "paid" ? "fulfilled" : "paid";
      if (topic === DELAY_TOPICS[other])
        return { take: false, ignoredBecause: fr.server.integrations.otherTopic[other] };
      return null;
    },
    referenceOf,
  },
  pull: null,
  mapEvent: mapShopifyEvent,
};
