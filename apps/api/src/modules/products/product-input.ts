import {
  isProductPageUrl,
  isReminderDelay,
  isRequestDelay,
  isValidGtin,
  PRODUCT_BRAND_MAX_LENGTH,
  REMINDER_DELAY,
  REQUEST_DELAY,
} from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailTemplates, forms, products } from "../../db/schema";
import type { FieldErrors } from "../../http/errors";
import type { SchemaOf } from "../../http/operation-types";
import { publicHttpsImageUrl } from "../../lib/image-url";

/**
 * Product fields as the JSON body or the multipart text parts give them (the contract's
 * `ProductInput`; a multipart `status` is any text until it is checked).
 */
export type ProductPayload = Omit<SchemaOf<"ProductInput">, "status"> & { status?: string };

export type ProductChanges = Partial<
  Pick<
    typeof products.$inferInsert,
    | "name"
    | "description"
    | "status"
    | "formId"
    | "emailRequestTemplateId"
    | "emailReminderTemplateId"
    | "sku"
    | "gtin"
    | "brand"
    | "url"
    | "sendReminder"
    | "imagePath"
    | "initialEmailDelayDays"
    | "followUpDelayDays"
  >
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES = new Set(["active", "draft", "archived", "published"]);

/** Multipart text parts → the JSON payload shape (empty id = null, "true"/"false", integers). */
export function payloadFromMultipart(fields: Record<string, string>, errors: FieldErrors): ProductPayload {
  const payload: ProductPayload = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  for (const [key, raw] of Object.entries(fields)) {
    const value = raw.trim();
    switch (key) {
      case "name":
      case "status":
        payload[key] = value;
        break;
      case "sku":
      case "gtin":
      case "brand":
      case "url":
        payload[key] = value === "" ? null : value;
        break;
      case "description":
        payload.description = raw;
        break;
      case "form_id":
      case "email_request_template_id":
      case "email_reminder_template_id":
        payload[key] = value === "" || value === "null" ? null : value;
        break;
      case "image_url":
        payload.image_url = value === "" || value === "null" ? null : value;
        break;
      case "send_reminder":
        if (value === "true" || value === "false") payload.send_reminder = value === "true";
        else add(key, fr.server.products.invalidBoolean);
        break;
      case "initial_email_delay_days":
      case "follow_up_delay_days": {
        const n = Number(value);
        if (Number.isInteger(n)) payload[key] = n;
        else add(key, fr.server.products.invalidDelay(REQUEST_DELAY.min, REQUEST_DELAY.max));
        break;
      }
      default:
        add(key, fr.server.http.unknownField);
    }
  }
  return payload;
}

/**
 * Checks a payload against the company's data and returns the column changes; field errors use the
 * names the back-office maps (spec §5: name, form_id, email_request_template_id,
 * email_reminder_template_id, send_reminder, sku, image).
 */
export async function resolveProductPayload(
  db: DbOrTx,
  companyId: string,
  payload: ProductPayload,
  options: { creating: boolean; productId?: string; current?: typeof products.$inferSelect },
  errors: FieldErrors,
): Promise<ProductChanges> {
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const changes: ProductChanges = {};
  if (payload.name !== undefined) {
    const name = payload.name.trim();
    if (!name) add("name", fr.server.http.blank);
    else if (name.length > 200) add("name", fr.server.products.tooLong(200));
    else changes.name = name;
  } else if (options.creating) {
    add("name", fr.server.http.required);
  }
  if (payload.description !== undefined) {
    const description = (payload.description ?? "").trim();
    if (description.length > 2000) add("description", fr.server.products.tooLong(2000));
    else changes.description = description;
  }
  if (payload.status !== undefined) {
    if (!STATUSES.has(payload.status)) add("status", fr.server.products.invalidStatus);
    else changes.status = payload.status === "published" ? "active" : payload.status;
  }
  if (payload.form_id !== undefined) {
    if (payload.form_id === null) changes.formId = null;
    else {
      const found =
        UUID.test(payload.form_id) &&
        (
          await db
            .select({ id: forms.id })
            .from(forms)
            .where(and(eq(forms.id, payload.form_id), eq(forms.companyId, companyId)))
        )[0];
      if (!found) add("form_id", fr.server.products.formNotFound);
      else changes.formId = payload.form_id;
    }
  }
  for (const [field, kind, column] of [
    ["email_request_template_id", "request", "emailRequestTemplateId"],
    ["email_reminder_template_id", "reminder", "emailReminderTemplateId"],
  ] as const) {
    const value = payload[field];
    if (value === undefined) continue;
    if (value === null) {
      changes[column] = null;
      continue;
    }
    const [template] = UUID.test(value)
      ? await db
          .select({ id: emailTemplates.id, type: emailTemplates.type })
          .from(emailTemplates)
          .where(and(eq(emailTemplates.id, value), eq(emailTemplates.companyId, companyId)))
      : [];
    if (!template) add(field, fr.server.products.templateNotFound);
    else if (template.type !== kind)
      add(
        field,
        kind === "request" ? fr.server.products.notRequestTemplate : fr.server.products.notReminderTemplate,
      );
    else changes[column] = value;
  }
  if (payload.send_reminder !== undefined) changes.sendReminder = payload.send_reminder;
  const reminderOn = changes.sendReminder ?? options.current?.sendReminder ?? false;
  const reminderTemplate =
    "emailReminderTemplateId" in changes
      ? changes.emailReminderTemplateId
      : options.current?.emailReminderTemplateId;
  if (reminderOn && !reminderTemplate && !errors.email_reminder_template_id)
    add("email_reminder_template_id", fr.server.products.reminderTemplateRequired);
  if (payload.sku !== undefined) {
    const sku = payload.sku === null ? null : payload.sku.trim() || null;
    if (sku) {
      const conditions = [eq(products.companyId, companyId), eq(products.sku, sku)];
      if (options.productId) conditions.push(ne(products.id, options.productId));
      const [taken] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(...conditions))
        .limit(1);
      if (taken) add("sku", fr.server.products.skuTaken);
    }
    changes.sku = sku;
  }
  readShopFields(payload, changes, add);
  if (payload.image === null || payload.image_url === null) changes.imagePath = null;
  else if (typeof payload.image_url === "string") {
    const url = payload.image_url.trim();
    // Our own `/uploads/...` URL (sent back unchanged by the form) keeps the stored file.
    const own = url.match(/^(?:https?:\/\/[^/\s]+)?\/uploads\/([\w./-]+)$/)?.[1];
    if (own && options.current?.imagePath === own) changes.imagePath = own;
    else {
      const external = publicHttpsImageUrl(url);
      if (external) changes.imagePath = external;
      else add("image_url", fr.server.products.imageUrlNotPublic);
    }
  }
  for (const [field, column, bounds, valid] of [
    ["initial_email_delay_days", "initialEmailDelayDays", REQUEST_DELAY, isRequestDelay],
    ["follow_up_delay_days", "followUpDelayDays", REMINDER_DELAY, isReminderDelay],
  ] as const) {
    const value = payload[field];
    if (value === undefined) continue;
    if (!valid(value)) add(field, fr.server.products.invalidDelay(bounds.min, bounds.max));
    else changes[column] = value;
  }
  return changes;
}

/** What Google's product ratings match a product by: GTIN, brand and the product's page (empty = none). */
function readShopFields(
  payload: ProductPayload,
  changes: ProductChanges,
  add: (field: string, message: string) => void,
) {
  if (payload.gtin !== undefined) {
    const gtin = payload.gtin?.replace(/[\s-]/g, "") || null;
    if (gtin && !isValidGtin(gtin)) add("gtin", fr.server.products.invalidGtin);
    else changes.gtin = gtin;
  }
  if (payload.brand !== undefined) {
    const brand = payload.brand?.trim() || null;
    if (brand && brand.length > PRODUCT_BRAND_MAX_LENGTH)
      add("brand", fr.server.products.tooLong(PRODUCT_BRAND_MAX_LENGTH));
    else changes.brand = brand;
  }
  if (payload.url !== undefined) {
    const url = payload.url?.trim() || null;
    if (url && !isProductPageUrl(url)) add("url", fr.server.products.invalidProductUrl);
    else changes.url = url;
  }
}
