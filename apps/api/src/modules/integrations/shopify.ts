import { fr } from "@certavis/i18n-fr/server";
import { z } from "zod";
import { checkedOrder, type MappedEvent, shopDate } from "./shop-order";

/** The topic that starts a request's delay, the shop's choice per connection: payment or fulfilment. */
export type DelayStart = "paid" | "fulfilled";
export const SHOPIFY_DELAY_TOPICS: Readonly<Record<DelayStart, string>> = {
  paid: "orders/paid",
  fulfilled: "orders/fulfilled",
};
/** A connection that names none starts at fulfilment (the buyer has the product in hand soonest). */
export const DEFAULT_DELAY_START: DelayStart = "fulfilled";

export const delayStartOf = (value: string | null): DelayStart =>
  value === "paid" || value === "fulfilled" ? value : DEFAULT_DELAY_START;

/** The topics Shopify sends that carry an order to ask a review for. */
const ORDER_TOPICS = Object.values(SHOPIFY_DELAY_TOPICS);

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
