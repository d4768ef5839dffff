import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { integrationEvents, integrations } from "../../../db/schema";
import { wallClockAt, wallClockToDate } from "../../../lib/zoned-time";
import { checkedOrder, type MappedEvent } from "../shop-order";
import { checkedTimeZone, DEFAULT_SHOP_TIMEZONE } from "../shop-timezone";
import { integrationSecretCipher } from "../signing";
import type { IntegrationRow, PullContext, ShopPlatform } from "./platform";
import {
  type Cursor,
  customerOf,
  orderStateNames,
  ordersAfter,
  type PrestashopCustomer,
  PullError,
  prestashopCustomer,
  prestashopOrder,
} from "./prestashop-webservice";

/** The order states taken when the connection names none: 4 shipped, 5 delivered. */
const DEFAULT_STATES = [4, 5];

const PAGE = 100;
/** Pages read per pull; the next pull goes on from the last order read. */
const PAGES_PER_PULL = 10;
/** A first pull reads the orders changed in the days before the connection: the owner's choice, 30 by default. */
export const FIRST_PULL_DAYS = [1, 7, 30, 90] as const;
const DEFAULT_FIRST_PULL_DAYS = 30;
/** Connections made before the choice read the day before them. */
const LEGACY_FIRST_PULL_DAYS = 1;
const DAY_MS = 24 * 60 * 60_000;

/** What a pull records per order: the order, its buyer, and the connection's states and timezone at the time. */
const pulledOrder = z.object({
  order: prestashopOrder,
  customer: prestashopCustomer.nullable(),
  states: z.array(z.number()),
  timezone: z.string().nullish(),
  /** The order state's name in the shop, when it could be read. */
  state_name: z.string().nullish(),
});

/**
 * A pulled PrestaShop order: taken when its `current_state` is one of the connection's (reference
 * `reference`, items by `product_reference` or `product_id`, buyer from its customer, date `date_add`
 * read in the shop's timezone).
 */
export function mapPrestashopEvent(body: unknown): MappedEvent {
  const parsed = pulledOrder.safeParse(body);
  if (!parsed.success) return { kind: "refused", reason: fr.server.integrations.unreadable, reference: null };
  const { order, customer, states, timezone, state_name } = parsed.data;
  const state = String(order.current_state ?? "");
  if (!states.includes(Number(state)))
    return {
      kind: "ignored",
      reason: state_name
        ? fr.server.integrations.notInNamedState(state_name)
        : fr.server.integrations.notInStates(state),
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

/**
 * Pulls a PrestaShop connection through its Webservice: the orders changed after the last one read
 * (keyset on `date_upd`, `id`, in the shop's timezone), a few pages per pull, each buyer from
 * `customers/{id}` once; each order change is recorded once (`order:{id}:{date_upd}`) and taken at
 * once, and the cursor saved after each page. Every request goes through the outbound guard, with a
 * timeout and an answer of a few MB at most. A failed pull sets the connection in error with its
 * reason in the log.
 */
async function pullPrestashop(context: PullContext, row: IntegrationRow): Promise<void> {
  const { db } = context;
  const now = context.now();
  const pageSize = context.pageSize ?? PAGE;
  try {
    const apiKey = row.secretSealed ? integrationSecretCipher(context.keys).decrypt(row.secretSealed) : null;
    if (!apiKey) throw new PullError(fr.server.integrations.pullFailed("401"));
    const timezone = row.timezone || DEFAULT_SHOP_TIMEZONE;
    const cursor: Cursor = row.pulledUntil
      ? { date: row.pulledUntil, id: row.pulledAfterId }
      : {
          date: wallClockAt(
            new Date(row.createdAt.getTime() - (row.firstPullDays ?? LEGACY_FIRST_PULL_DAYS) * DAY_MS),
            timezone,
          ),
          id: null,
        };
    const customers = new Map<string, PrestashopCustomer | null>();
    /** The shop's state names, read once per pull when an order is in a state not taken. */
    let stateNames: Map<string, string> | null = null;
    let processed = 0;
    for (let page = 0; page < PAGES_PER_PULL; page++) {
      const list = await ordersAfter(row.shopUrl, apiKey, context.allowPrivate, cursor, pageSize);
      for (const order of list) {
        const customerId = String(order.id_customer ?? "");
        if (customerId && !customers.has(customerId))
          customers.set(customerId, await customerOf(row.shopUrl, apiKey, context.allowPrivate, customerId));
        const state = String(order.current_state ?? "");
        if (!row.states.includes(Number(state)))
          stateNames ??= await orderStateNames(row.shopUrl, apiKey, context.allowPrivate);
        const [recorded] = await db
          .insert(integrationEvents)
          .values({
            integrationId: row.id,
            companyId: row.companyId,
            deliveryId: `order:${order.id}:${order.date_upd}`.slice(0, 200),
            topic: "orders",
            payload: JSON.stringify({
              order,
              customer: customers.get(customerId) ?? null,
              states: row.states,
              timezone,
              state_name: stateNames?.get(String(order.current_state ?? "")) ?? null,
            }),
            receivedAt: now,
            ...context.leased,
          })
          .onConflictDoNothing({ target: [integrationEvents.integrationId, integrationEvents.deliveryId] })
          .returning({ id: integrationEvents.id });
        if (recorded) {
          await context.take(recorded.id);
          processed++;
        }
        const id = Number(order.id);
        cursor.date = order.date_upd;
        cursor.id = Number.isSafeInteger(id) ? id : null;
      }
      await db
        .update(integrations)
        .set({
          pulledUntil: list.length ? cursor.date : row.pulledUntil,
          pulledAfterId: list.length ? cursor.id : row.pulledAfterId,
        })
        .where(eq(integrations.id, row.id));
      if (list.length < pageSize) break;
    }
    if (processed === 0)
      await db.update(integrations).set({ status: "active" }).where(eq(integrations.id, row.id));
  } catch (error) {
    if (!(error instanceof PullError)) throw error;
    await db
      .insert(integrationEvents)
      .values({
        integrationId: row.id,
        companyId: row.companyId,
        deliveryId: `pull:${now.toISOString()}`,
        topic: "pull",
        outcome: "refused",
        reason: error.message,
        receivedAt: now,
        processedAt: now,
      })
      .onConflictDoNothing();
    await db
      .update(integrations)
      .set({ status: "error", lastEventAt: now })
      .where(eq(integrations.id, row.id));
  }
}

/**
 * PrestaShop is pulled (it pushes nothing we could verify): its Webservice key, required at
 * creation, is sealed like a secret; the connection names the order states to take and the shop's
 * timezone, in which its dates (without zone) are read.
 */
export const prestashop: ShopPlatform = {
  secret: "api_key",
  settings: ["timezone", "states"],
  createdSettings: (body) => ({
    delayStart: null,
    timezone: checkedTimeZone(body.timezone),
    states: [...new Set(body.states ?? DEFAULT_STATES)],
    firstPullDays: body.first_pull_days ?? DEFAULT_FIRST_PULL_DAYS,
  }),
  settingsView: (row) => ({ states: row.states, delay_start: null, timezone: row.timezone }),
  webhook: null,
  pull: pullPrestashop,
  mapEvent: (_topic, body) => mapPrestashopEvent(body),
};
