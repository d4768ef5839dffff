import { z } from "zod/mini";
import { PRODUCT_STATUSES, type ProductStatus } from "../product-status";
import { isProductPageUrl, isValidGtin, PRODUCT_BRAND_MAX_LENGTH, PRODUCT_URL_MAX_LENGTH } from "./gtin";

/**
 * The product form of the back-office (spec §3 'Product form state', §5: name required). Ids are '' when
 * nothing is chosen. The image (a saved URL or a chosen file) is the app's own field. Issues carry domain
 * message codes.
 */
export const productFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "product.nameRequired"), z.maxLength(200)),
  sku: z.string().check(z.trim(), z.maxLength(100)),
  gtin: z.string().check(
    z.trim(),
    z.refine((value) => value === "" || isValidGtin(value.replace(/[\s-]/g, "")), "product.gtinInvalid"),
  ),
  brand: z.string().check(z.trim(), z.maxLength(PRODUCT_BRAND_MAX_LENGTH)),
  url: z.string().check(
    z.trim(),
    z.maxLength(PRODUCT_URL_MAX_LENGTH),
    z.refine((value) => value === "" || isProductPageUrl(value), "product.urlInvalid"),
  ),
  status: z.enum(PRODUCT_STATUSES),
  requestTemplateId: z.string(),
  formId: z.string(),
  followUp: z.boolean(),
  reminderTemplateId: z.string(),
});

export type ProductFormValues = z.infer<typeof productFormSchema>;

/** JSON product payload of spec §7 (the image is added by the caller: `image_url`, `image: null` or a file). */
export interface ProductPayload {
  name: string;
  status: ProductStatus;
  sku: string | null;
  gtin: string | null;
  brand: string | null;
  url: string | null;
  form_id: string | null;
  email_request_template_id: string | null;
  /** Only when follow-up is on. */
  email_reminder_template_id?: string | null;
  send_reminder: boolean;
}

export function productPayload(values: ProductFormValues): ProductPayload {
  return {
    name: values.name.trim(),
    status: values.status,
    sku: values.sku.trim() || null,
    gtin: values.gtin.replace(/[\s-]/g, "") || null,
    brand: values.brand.trim() || null,
    url: values.url.trim() || null,
    form_id: values.formId || null,
    email_request_template_id: values.requestTemplateId || null,
    ...(values.followUp ? { email_reminder_template_id: values.reminderTemplateId || null } : {}),
    send_reminder: values.followUp,
  };
}

/** The same payload as multipart text parts: booleans 'true'/'false', '' for a missing id or sku. */
export function productMultipartFields(payload: ProductPayload): [string, string][] {
  return Object.entries(payload).map(([key, value]) => [
    key,
    typeof value === "boolean" ? String(value) : (value ?? ""),
  ]);
}

/** Which product-form field shows a 400 error of each payload key (spec §5); the rest goes to the banner. */
export const PRODUCT_ERROR_FIELDS: Readonly<Record<string, keyof ProductFormValues | "image">> = {
  name: "name",
  title: "name",
  form_id: "formId",
  email_request_template_id: "requestTemplateId",
  email_reminder_template_id: "reminderTemplateId",
  send_reminder: "followUp",
  sku: "sku",
  gtin: "gtin",
  brand: "brand",
  url: "url",
  image: "image",
  image_url: "image",
};

/** The item preselected among templates or forms: the default one, else the first (spec §4). */
export function defaultOrFirst<T extends { is_default?: boolean | null }>(
  items: readonly T[],
): T | undefined {
  return items.find((item) => item.is_default === true) ?? items[0];
}
