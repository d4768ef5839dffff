import { REMINDER_DELAY, REQUEST_DELAY } from "@certavis/domain";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { companyRef } from "./companies";

/** request | reminder | thanks; defaults (`isDefault`) are created with the company. */
export const emailTemplates = pgTable(
  "email_templates",
  {
    id: id(),
    companyId: companyRef(),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    type: text("type").notNull(),
    sendAfter: integer("send_after"),
    remindAfter: integer("remind_after"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("email_templates_company_idx").on(t.companyId, t.createdAt)],
);

export const forms = pgTable(
  "forms",
  {
    id: id(),
    companyId: companyRef(),
    name: text("name").notNull(),
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    status: text("status").notNull().default("active"),
    /** The list of form fields (spec §3 Form field). */
    schema: jsonb("schema").$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("forms_company_idx").on(t.companyId, t.createdAt)],
);

export const products = pgTable(
  "products",
  {
    id: id(),
    companyId: companyRef(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** active | draft | archived */
    status: text("status").notNull().default("draft"),
    sku: text("sku"),
    /** The shop's own id of a product without SKU, as a connection names it (`shopify:632910392`). */
    externalId: text("external_id"),
    /** GS1 code (8, 12, 13 or 14 digits, check digit verified), for Google's product ratings. */
    gtin: text("gtin"),
    brand: text("brand"),
    /** The product's page on the shop (http or https). */
    url: text("url"),
    /** Path relative to `DATA_DIR/uploads`. */
    imagePath: text("image_path"),
    sendReminder: boolean("send_reminder").notNull().default(false),
    emailRequestTemplateId: uuid("email_request_template_id").references(() => emailTemplates.id, {
      onDelete: "set null",
    }),
    emailReminderTemplateId: uuid("email_reminder_template_id").references(() => emailTemplates.id, {
      onDelete: "set null",
    }),
    formId: uuid("form_id").references(() => forms.id, { onDelete: "set null" }),
    initialEmailDelayDays: integer("initial_email_delay_days").notNull().default(REQUEST_DELAY.default),
    followUpDelayDays: integer("follow_up_delay_days").notNull().default(REMINDER_DELAY.default),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_company_sku_unique").on(t.companyId, t.sku),
    uniqueIndex("products_company_external_id_unique").on(t.companyId, t.externalId),
    index("products_company_status_name_idx").on(t.companyId, t.status, t.name),
  ],
);
