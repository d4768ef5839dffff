/** How each platform's order becomes one order of ours (pure mapping, no server). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mapPrestashopEvent } from "../../src/modules/integrations/platforms/prestashop";
import { mapShopifyEvent } from "../../src/modules/integrations/platforms/shopify";
import { mapWooCommerceEvent } from "../../src/modules/integrations/platforms/woocommerce";

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "fixtures", name), "utf8")) as Record<string, unknown>;

describe("Shopify mapping", () => {
  const paid = fixture("shopify-orders-paid.json");

  it("dates orders/fulfilled by its fulfilment, and names each product once", () => {
    const mapped = mapShopifyEvent("orders/fulfilled", {
      ...paid,
      fulfillments: [{ id: 1, created_at: "2022-01-03T10:00:00-05:00" }],
    });
    expect(mapped).toMatchObject({
      kind: "order",
      order: {
        reference: "#9999",
        email: "john@example.com",
        orderDate: new Date("2022-01-03T15:00:00Z"),
        items: [{ sku: "IPOD2008PINK", externalId: null, title: "IPod Nano - 8GB" }],
      },
    });
  });

  it("refuses an order without a usable address or products, and ignores other topics", () => {
    expect(mapShopifyEvent("orders/paid", { ...paid, customer: null, email: "pas-une-adresse" })).toEqual({
      kind: "refused",
      reason: "Commande sans adresse e-mail de l'acheteur.",
      reference: "#9999",
    });
    expect(mapShopifyEvent("orders/paid", { ...paid, line_items: [{ sku: "", product_id: null }] })).toEqual({
      kind: "refused",
      reason: "Commande sans produit.",
      reference: "#9999",
    });
    const many = Array.from({ length: 51 }, (_, i) => ({ sku: `SKU-${i}`, title: `Produit ${i}` }));
    expect(mapShopifyEvent("orders/paid", { ...paid, line_items: many })).toMatchObject({
      kind: "refused",
      reason: "Commande de plus de 50 produits.",
    });
    expect(mapShopifyEvent("orders/paid", { name: "#1" })).toEqual({
      kind: "refused",
      reason: "Commande illisible : ce n'est pas une commande de la boutique.",
      reference: null,
    });
    expect(mapShopifyEvent("orders/create", paid)).toBeNull();
  });
});

describe("WooCommerce mapping", () => {
  const order = fixture("woocommerce-order.json");

  it("dates a completed order without date_completed by its creation, from the _gmt field", () => {
    // date_created 16:28:02 is the shop's time; date_created_gmt 19:28:02 is UTC.
    const mapped = mapWooCommerceEvent("order.updated", { ...order, status: "completed" });
    expect(mapped).toMatchObject({
      kind: "order",
      order: { reference: "727", orderDate: new Date("2017-03-22T19:28:02Z") },
    });
  });

  it("reads date_completed_gmt across a change of daylight saving time (a Paris shop)", () => {
    const mapped = mapWooCommerceEvent("order.updated", {
      ...order,
      status: "completed",
      date_completed: "2026-03-29T03:30:00",
      date_completed_gmt: "2026-03-29T01:30:00",
    });
    expect(mapped).toMatchObject({ order: { orderDate: new Date("2026-03-29T01:30:00Z") } });
  });
});

describe("PrestaShop mapping", () => {
  const [first] = fixture("prestashop-orders.json").orders as Record<string, unknown>[];
  const customer = fixture("prestashop-customer.json").customer;
  const dated = (date_add: string, timezone?: string) =>
    mapPrestashopEvent({ order: { ...first, date_add }, customer, states: [4, 5], timezone });

  it("reads its dates (without zone) in the shop's timezone, on both sides of daylight saving time", () => {
    const date = (mapped: ReturnType<typeof mapPrestashopEvent>) =>
      mapped.kind === "order" ? mapped.order.orderDate?.toISOString() : mapped.kind;
    // Europe/Paris by default: UTC+1 in winter, UTC+2 from 29 March 2026 at 02:00 (then 03:00).
    expect(date(dated("2026-03-28 03:30:00"))).toBe("2026-03-28T02:30:00.000Z");
    expect(date(dated("2026-03-29 03:30:00"))).toBe("2026-03-29T01:30:00.000Z");
    expect(date(dated("2026-10-25 12:00:00"))).toBe("2026-10-25T11:00:00.000Z");
    expect(date(dated("2026-10-24 12:00:00", "Europe/Paris"))).toBe("2026-10-24T10:00:00.000Z");
    // A shop in Montréal: UTC−5 in winter, UTC−4 from 8 March 2026.
    expect(date(dated("2026-03-07 12:00:00", "America/Toronto"))).toBe("2026-03-07T17:00:00.000Z");
    expect(date(dated("2026-03-09 12:00:00", "America/Toronto"))).toBe("2026-03-09T16:00:00.000Z");
  });
});
