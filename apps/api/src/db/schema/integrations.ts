import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, tz } from "./columns";
import { companyRef } from "./companies";
import { orders } from "./reviews";

/**
 * Connections of a company's shop (ARCHITECTURE §10.14): Shopify and WooCommerce push signed
 * webhooks to `/api/v1/integrations/{id}/webhook/`; PrestaShop is pulled. The signing secret (the
 * Webservice key for PrestaShop) is sealed with the server's keys (`integration-secret`), never
 * stored or logged in clear; a Shopify connection has none until the shop's own is pasted.
 */
export const integrations = pgTable(
  "integrations",
  {
    id: id(),
    companyId: companyRef(),
    /** shopify | woocommerce | prestashop */
    platform: text("platform").notNull(),
    shopUrl: text("shop_url").notNull(),
    secretSealed: text("secret_sealed"),
    /** waiting_secret | waiting | signature_refused | active | error */
    status: text("status").notNull().default("waiting"),
    lastEventAt: tz("last_event_at"),
    /** PrestaShop: the order states taken. */
    states: jsonb("states").$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** Shopify: the topic that starts the delay, `paid` or `fulfilled`; the other is ignored. */
    delayStart: text("delay_start"),
    /** PrestaShop: the shop's timezone, in which its dates (without zone) are read. */
    timezone: text("timezone").notNull().default("Europe/Paris"),
    /** PrestaShop: the last `date_upd` pulled (the shop's clock, `YYYY-MM-DD HH:MM:SS`). */
    pulledUntil: text("pulled_until"),
    /** PrestaShop: days before the connection its first pull reads (null: made before the choice, 1). */
    firstPullDays: integer("first_pull_days"),
    /** PrestaShop: the id of the last order pulled at `pulled_until` (keyset cursor with it). */
    pulledAfterId: bigint("pulled_after_id", { mode: "number" }),
    /** The last 'Synchroniser maintenant' (one per connection and minute). */
    syncedAt: tz("synced_at"),
    createdAt: createdAt(),
  },
  (t) => [index("integrations_company_created_idx").on(t.companyId, t.createdAt)],
);

/**
 * What a connection received: recorded (with the raw body) before the webhook is answered, then
 * processed by the integration events' leased queue (lib/leased-queue); `payload` is blanked once
 * processed. One row per delivery (`delivery_id` unique per connection), so a repeated delivery
 * changes nothing. A row written only for the log (a refused signature, an ignored topic) is `done`
 * at once; an event to take is written `scheduled` (or leased to the pull that takes it at once).
 */
export const integrationEvents = pgTable(
  "integration_events",
  {
    id: id(),
    integrationId: uuid("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    companyId: companyRef(),
    deliveryId: text("delivery_id").notNull(),
    topic: text("topic").notNull(),
    payload: text("payload"),
    /** The raw body's SHA-256: a replay under a new delivery id is recognised. */
    bodySha256: text("body_sha256"),
    /** pending | taken | refused | ignored */
    outcome: text("outcome").notNull().default("pending"),
    reference: text("reference"),
    reason: text("reason"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    receivedAt: createdAt(),
    processedAt: tz("processed_at"),
    /** The queue's state: scheduled | sending (leased to `lease_token` until `lease_until`) | done. */
    status: text("status").notNull().default("done"),
    leaseToken: uuid("lease_token"),
    leaseUntil: tz("lease_until"),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [
    uniqueIndex("integration_events_delivery_unique").on(t.integrationId, t.deliveryId),
    uniqueIndex("integration_events_body_unique").on(t.integrationId, t.bodySha256),
    index("integration_events_integration_received_idx").on(t.integrationId, t.receivedAt),
    // Also the queue's: its due and leased rows are all still `pending`.
    index("integration_events_pending_idx").on(t.outcome, t.receivedAt),
  ],
);
