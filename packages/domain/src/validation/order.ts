import { z } from "zod/mini";
import { type FieldErrors, fieldErrorsFromZod } from "./field-errors";

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
    .string({ error: "required" })
    .check(z.trim(), z.minLength(1, "required"), z.maxLength(max, "order.tooLong"));

/** Optional text: null, missing and blank all read as absent. */
const optionalText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, "order.tooLong"))),
    z.transform((value) => (value ? value : undefined)),
  );

/**
 * Body of `POST /orders/` and of one CSV row: the product by `product_id` (UUID) or `sku`, the buyer,
 * the external reference (idempotent per company) and an optional ISO order date. Issues carry domain
 * message codes (`messageOfIssue`).
 */
export const orderInputSchema = z
  .object({
    product_id: optionalText(1000).check(
      z.refine((v) => v === undefined || isUuid(v), "order.productIdInvalid"),
    ),
    sku: optionalText(100),
    buyer_email: requiredText(254).check(z.refine((v) => EMAIL_PATTERN.test(v), "email")),
    buyer_first_name: requiredText(150),
    buyer_last_name: z._default(z.string().check(z.trim(), z.maxLength(150, "order.tooLong")), ""),
    reference: requiredText(100),
    order_date: optionalText(40).check(
      z.refine((v) => v === undefined || parseOrderDate(v) !== null, "order.orderDate"),
    ),
  })
  .check(
    z.superRefine((order, ctx) => {
      if (order.product_id === undefined && order.sku === undefined) {
        ctx.addIssue({ code: "custom", path: ["product_id"], message: "order.productMissing" });
      }
    }),
  );

export type OrderInput = z.infer<typeof orderInputSchema>;

export type OrderValidation = { ok: true; order: OrderInput } | { ok: false; errors: FieldErrors };

/** Validates an order body; message codes per field in the API's error shape. */
export function validateOrderInput(raw: unknown): OrderValidation {
  const result = orderInputSchema.safeParse(raw);
  return result.success
    ? { ok: true, order: result.data }
    : { ok: false, errors: fieldErrorsFromZod(result.error) };
}
