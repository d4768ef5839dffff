import { z } from "zod";
import { type FieldErrors, fieldErrorsFromZod } from "./field-errors";

export const ORDER_MESSAGES = {
  required: "Ce champ est obligatoire.",
  productMissing: "Indiquez le produit (product_id ou sku).",
  productIdInvalid: "Identifiant de produit invalide.",
  email: "Veuillez saisir une adresse email valide.",
  tooLong: (n: number) => `Ce champ ne doit pas dépasser ${n} caractères.`,
  orderDate: "Date invalide : utilisez le format AAAA-MM-JJ ou une date ISO 8601.",
} as const;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/**
 * Reads an ISO date ('2026-11-23', taken as midnight UTC) or date-time (zone optional, UTC assumed);
 * null when not ISO or not a real calendar date.
 */
export function parseOrderDate(value: string): Date | null {
  const text = value.trim();
  const match = ISO_DATE.exec(text) ?? ISO_DATE_TIME.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isCalendarDay(year, month, day)) return null;
  if (
    match[4] !== undefined &&
    (Number(match[4]) > 23 || Number(match[5]) > 59 || Number(match[6] ?? 0) > 59)
  ) {
    return null;
  }
  const isoText = text.replace(" ", "T");
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(isoText);
  const date = new Date(match[4] === undefined ? `${isoText}T00:00:00Z` : hasZone ? isoText : `${isoText}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const requiredText = (max: number) =>
  z
    .string({ error: ORDER_MESSAGES.required })
    .trim()
    .min(1, ORDER_MESSAGES.required)
    .max(max, ORDER_MESSAGES.tooLong(max));

/** Optional text: null, missing and blank all read as absent. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, ORDER_MESSAGES.tooLong(max))
    .nullish()
    .transform((value) => (value ? value : undefined));

/**
 * Body of `POST /orders/` and of one CSV row: the product by `product_id` (UUID) or `sku`, the buyer,
 * the external reference (idempotent per company) and an optional ISO order date.
 */
export const orderInputSchema = z
  .object({
    product_id: optionalText(1000).refine(
      (v) => v === undefined || isUuid(v),
      ORDER_MESSAGES.productIdInvalid,
    ),
    sku: optionalText(100),
    buyer_email: requiredText(254).refine((v) => EMAIL_PATTERN.test(v), ORDER_MESSAGES.email),
    buyer_first_name: requiredText(150),
    buyer_last_name: z.string().trim().max(150, ORDER_MESSAGES.tooLong(150)).default(""),
    reference: requiredText(100),
    order_date: optionalText(40).refine(
      (v) => v === undefined || parseOrderDate(v) !== null,
      ORDER_MESSAGES.orderDate,
    ),
  })
  .superRefine((order, ctx) => {
    if (order.product_id === undefined && order.sku === undefined) {
      ctx.addIssue({ code: "custom", path: ["product_id"], message: ORDER_MESSAGES.productMissing });
    }
  });

export type OrderInput = z.infer<typeof orderInputSchema>;

export type OrderValidation = { ok: true; order: OrderInput } | { ok: false; errors: FieldErrors };

/** Validates an order body; French messages per field in the API's error shape. */
export function validateOrderInput(raw: unknown): OrderValidation {
  const result = orderInputSchema.safeParse(raw);
  return result.success
    ? { ok: true, order: result.data }
    : { ok: false, errors: fieldErrorsFromZod(result.error) };
}
