import { fr } from "@certavis/i18n-fr/server";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { createWithinPlan } from "../db/company-lock";
import { emailTemplates, forms, products } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import { HttpError } from "../http/errors";
import { assertProductRoom } from "./product-room";

/**
 * One product of a shop's order (a connection's or an import file's line): its SKU, else the shop's
 * own id (kept as the product's external id), and its name.
 */
export interface ShopItem {
  sku: string | null;
  externalId: string | null;
  title: string;
}

type Found = { ok: true; ids: string[]; created: string[] } | { ok: false; reason: string };

async function findProduct(db: Db, companyId: string, item: ShopItem): Promise<string | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        item.sku ? eq(products.sku, item.sku) : eq(products.externalId, item.externalId ?? ""),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

async function companyDefaults(db: Db, companyId: string) {
  const [template] = await db
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.companyId, companyId),
        eq(emailTemplates.type, "request"),
        eq(emailTemplates.isDefault, true),
      ),
    )
    .limit(1);
  const [form] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.companyId, companyId), eq(forms.isDefault, true)))
    .limit(1);
  return { templateId: template?.id ?? null, formId: form?.id ?? null };
}

/**
 * The company's product of each item (by SKU, else by the shop's id), creating the unknown ones
 * (the item's title as name, active, the company's default template and form) within the plan: past
 * its limit, the plan's message is the reason the order is refused. A product is never created twice:
 * SKU and external id are unique per company, and a creation that lost a race reads the winner's.
 * The one home of this rule: connections' orders and import files' lines (ARCHITECTURE §10.21).
 * `created`: the ids this call created.
 */
export async function shopProducts(db: Db, companyId: string, items: ShopItem[], now: Date): Promise<Found> {
  const ids: string[] = [];
  const created: string[] = [];
  let defaults: Awaited<ReturnType<typeof companyDefaults>> | null = null;
  for (const item of items) {
    let id = await findProduct(db, companyId, item);
    if (!id) {
      defaults ??= await companyDefaults(db, companyId);
      try {
        ({ id } = await createWithinPlan(
          db,
          companyId,
          assertProductRoom,
          products,
          {
            name: item.title,
            status: "active",
            sku: item.sku,
            externalId: item.sku ? null : item.externalId,
            emailRequestTemplateId: defaults.templateId,
            formId: defaults.formId,
          },
          now,
        ));
        created.push(id);
      } catch (error) {
        if (error instanceof HttpError && typeof error.body.detail === "string")
          return { ok: false, reason: fr.server.integrations.productRefused(item.title, error.body.detail) };
        if (!isUniqueViolation(error)) throw error;
        id = await findProduct(db, companyId, item);
        if (!id) throw error;
      }
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return { ok: true, ids, created };
}
