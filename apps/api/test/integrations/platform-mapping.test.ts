/** How each platform's order becomes one order of ours (pure mapping, no server). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mapShopifyEvent } from "../../src/modules/integrations/shopify";
import { mapWooCommerceEvent } from "../../src/modules/integrations/woocommerce";

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
  it("dates a completed order without date_completed by its creation", () => {
    const mapped = mapWooCommerceEvent("order.updated", {
      ...fixture("woocommerce-order.json"),
      status: "completed",
    });
    expect(mapped).toMatchObject({
      kind: "order",
      order: { reference: "727", orderDate: new Date("2017-03-22T16:28:02Z") },
    });
  });
});
