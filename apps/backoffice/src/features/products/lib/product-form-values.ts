import type { Schema } from "@certavis/api-client";
import {
  DEFAULT_PRODUCT_STATUS,
  defaultOrFirst,
  normalizeProductStatus,
  productFormSchema,
} from "@certavis/domain";
import { z } from "zod/mini";
import type { ImageValue } from "../../../components/image-input";
import type { AssignField } from "../../../lib/return-url";

type Product = Schema<"Product">;
type Template = Schema<"EmailTemplate">;
type Form = Schema<"Form">;

/** The domain's product form plus the image (a saved URL, a chosen file or none). */
export const productEditorSchema = z.extend(productFormSchema, {
  image: z.custom<ImageValue>(
    (value) => value === null || typeof value === "string" || value instanceof File,
  ),
});

export type ProductEditorValues = z.infer<typeof productEditorSchema>;

export const requestTemplates = (templates: readonly Template[]) =>
  templates.filter((t) => t.type === "request");
export const reminderTemplates = (templates: readonly Template[]) =>
  templates.filter((t) => t.type === "reminder");

/** Spec §3/§4: a new product is a draft with the default (or first) request template and form, follow-up off. */
export function initialValues(
  product: Product | null,
  templates: readonly Template[],
  forms: readonly Form[],
): ProductEditorValues {
  if (!product)
    return {
      name: "",
      sku: "",
      gtin: "",
      brand: "",
      url: "",
      status: DEFAULT_PRODUCT_STATUS,
      requestTemplateId: defaultOrFirst(requestTemplates(templates))?.id ?? "",
      formId: defaultOrFirst(forms)?.id ?? "",
      followUp: false,
      reminderTemplateId: "",
      image: null,
    };
  return {
    name: product.name,
    sku: product.sku ?? "",
    gtin: product.gtin ?? "",
    brand: product.brand ?? "",
    url: product.url ?? "",
    status: normalizeProductStatus(product.status),
    requestTemplateId: product.email_request_template?.id ?? "",
    formId: product.form?.id ?? "",
    followUp: product.send_reminder,
    reminderTemplateId: product.email_reminder_template?.id ?? "",
    image: product.image_url,
  };
}

/** Spec §4: turning follow-up on preselects the default reminder template on a new product, else the first. */
export function reminderToPreselect(templates: readonly Template[], isNew: boolean): string {
  const reminders = reminderTemplates(templates);
  return (isNew ? defaultOrFirst(reminders) : reminders[0])?.id ?? "";
}

export const ASSIGN_FIELDS: Readonly<Record<AssignField, keyof ProductEditorValues>> = {
  request: "requestTemplateId",
  reminder: "reminderTemplateId",
  form: "formId",
};
