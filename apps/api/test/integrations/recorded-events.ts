import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../src/db/client";
import { integrationEvents, integrations, orders, products } from "../../src/db/schema";
import type { EventDeps } from "../../src/modules/integrations/process-event";
import { KEYS, seedCompany } from "../pipeline/fixtures";

/** Shopify's documented `orders/paid` sample (one product, SKU IPOD2008PINK). */
const order = JSON.parse(
  readFileSync(join(import.meta.dirname, "fixtures", "shopify-orders-paid.json"), "utf8"),
) as Record<string, unknown>;

/** What taking an event needs, without an app (no mail worker to wake). */
export const eventDeps = (db: Db): EventDeps => ({
  db,
  now: () => new Date(),
  reviewKeySecret: () => KEYS.currentKey("review-key"),
  keys: KEYS,
  notify: () => {},
});

/** A company with a Shopify connection whose events are taken on payment. */
export async function seedConnection(db: Db) {
  const { company } = await seedCompany(db);
  const [connection] = await db
    .insert(integrations)
    .values({ companyId: company.id, platform: "shopify", shopUrl: "https://boutique.myshopify.com" })
    .returning();
  if (!connection) throw new Error("no connection");
  return connection;
}

/** The order `reference` as its webhook records it: `scheduled`, for the events' queue. */
export async function recordEvent(
  db: Db,
  connection: { id: string; companyId: string },
  reference: string,
): Promise<string> {
  const [event] = await db
    .insert(integrationEvents)
    .values({
      integrationId: connection.id,
      companyId: connection.companyId,
      deliveryId: `evt-${reference}`,
      topic: "orders/paid",
      payload: JSON.stringify({ ...order, name: reference }),
      status: "scheduled",
    })
    .returning({ id: integrationEvents.id });
  if (!event) throw new Error("no event");
  return event.id;
}

export const eventRow = async (db: Db, id: string) =>
  (await db.select().from(integrationEvents).where(eq(integrationEvents.id, id)))[0];

/** The orders recorded under `reference` for the company (their first lines). */
export const ordersOf = (db: Db, companyId: string, reference: string) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.reference, reference), eq(orders.line, 0)));

export const productsWithSku = (db: Db, companyId: string, sku: string) =>
  db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.sku, sku)));
