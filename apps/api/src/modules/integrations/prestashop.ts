import { fr } from "@certavis/i18n-fr/server";
import { z } from "zod";
import { wallClockToDate } from "../../lib/zoned-time";
import { checkedOrder, type MappedEvent } from "./shop-order";

/** The order states taken when the connection names none: 4 shipped, 5 delivered. */
export const DEFAULT_PRESTASHOP_STATES = [4, 5];
/** The timezone of a shop that names none (PrestaShop's dates carry none). */
export const DEFAULT_SHOP_TIMEZONE = "Europe/Paris";

const id = z.union([z.string(), z.number()]).nullish();
export const prestashopOrder = z.object({
  id: z.union([z.string(), z.number()]),
  reference: z.string().nullish(),
  id_customer: id,
  current_state: id,
  date_add: z.string().nullish(),
  date_upd: z.string(),
  associations: z
    .object({
      order_rows: z
        .array(
          z.object({
            product_id: id,
            product_reference: z.string().nullish(),
            product_name: z.string().nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
});
export type PrestashopOrder = z.infer<typeof prestashopOrder>;

export const prestashopCustomer = z.object({
  firstname: z.string().nullish(),
  lastname: z.string().nullish(),
  email: z.string().nullish(),
});

/** What a pull records per order: the order, its buyer, and the connection's states and timezone at the time. */
export const pulledOrder = z.object({
  order: prestashopOrder,
  customer: prestashopCustomer.nullable(),
  states: z.array(z.number()),
  timezone: z.string().nullish(),
});

/**
 * A pulled PrestaShop order: taken when its `current_state` is one of the connection's (reference
 * `reference`, items by `product_reference` or `product_id`, buyer from its customer, date `date_add`
 * read in the shop's timezone).
 */
export function mapPrestashopEvent(body: unknown): MappedEvent {
  const parsed = pulledOrder.safeParse(body);
  if (!parsed.success) return { kind: "refused", reason: fr.server.integrations.unreadable, reference: null };
  const { order, customer, states, timezone } = parsed.data;
  const state = String(order.current_state ?? "");
  if (!states.includes(Number(state)))
    return {
      kind: "ignored",
      reason: fr.server.integrations.notInStates(state),
      reference: order.reference ?? null,
    };
  return checkedOrder("prestashop", {
    reference: order.reference,
    email: customer?.email,
    firstName: customer?.firstname,
    lastName: customer?.lastname,
    // PrestaShop's dates are the shop's wall clock, without zone.
    orderDate: order.date_add ? wallClockToDate(order.date_add, timezone ?? DEFAULT_SHOP_TIMEZONE) : null,
    items: (order.associations?.order_rows ?? []).map((row) => ({
      sku: row.product_reference,
      productId: row.product_id,
      title: row.product_name,
    })),
  });
}
