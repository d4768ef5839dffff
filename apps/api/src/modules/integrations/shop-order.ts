import { fr } from "@certavis/i18n-fr/server";
import type { ShopItem } from "../../lib/shop-products";

export type { ShopItem };

/** Most products one order may hold (as `POST /orders/`). */
export const MAX_ORDER_ITEMS = 50;

/** A shop's order as every platform maps it. */
export interface ShopOrder {
  reference: string;
  email: string;
  firstName: string;
  lastName: string;
  orderDate: Date | null;
  items: ShopItem[];
}

/** What a platform's event means: an order to take, or a reason to ignore or refuse it. */
export type MappedEvent =
  | { kind: "order"; order: ShopOrder }
  | { kind: "ignored" | "refused"; reason: string; reference: string | null };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/** A date of the platform, or null when absent or unreadable. */
export function shopDate(value: unknown): Date | null {
  const raw = text(value);
  if (!raw) return null;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The items of an order, each product once (a SKU, else `<platform>:<id>`), and its checks shared by
 * every platform: a reference, an address, 1 to 50 products.
 */
export function checkedOrder(
  platform: string,
  raw: {
    reference: unknown;
    email: unknown;
    firstName: unknown;
    lastName: unknown;
    orderDate: Date | null;
    items: { sku: unknown; productId: unknown; title: unknown }[];
  },
): MappedEvent {
  const reference = text(raw.reference) || null;
  const refuse = (reason: string): MappedEvent => ({ kind: "refused", reason, reference });
  if (!reference) return refuse(fr.server.integrations.noReference);
  const email = text(raw.email).toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) return refuse(fr.server.integrations.noEmail);
  const items: ShopItem[] = [];
  for (const item of raw.items) {
    const sku = text(item.sku) || null;
    const productId = text(item.productId);
    const externalId = sku || !productId ? null : `${platform}:${productId}`;
    if (!sku && !externalId) continue;
    if (items.some((seen) => (sku ? seen.sku === sku : seen.externalId === externalId))) continue;
    items.push({ sku, externalId, title: (text(item.title) || sku || productId).slice(0, 200) });
  }
  if (items.length === 0) return refuse(fr.server.integrations.noItems);
  if (items.length > MAX_ORDER_ITEMS) return refuse(fr.server.integrations.tooManyItems(MAX_ORDER_ITEMS));
  return {
    kind: "order",
    order: {
      reference: reference.slice(0, 200),
      email,
      firstName: text(raw.firstName).slice(0, 100),
      lastName: text(raw.lastName).slice(0, 100),
      orderDate: raw.orderDate,
      items,
    },
  };
}
