import { DASH } from "./dash";
import { LOCALE } from "./date";

function isNumber(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

const averageFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const priceFormat = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "EUR" });
const percentFormat = new Intl.NumberFormat(LOCALE, { style: "percent", maximumFractionDigits: 0 });

/** One decimal with a comma: 4.25 → '4,3'; missing → '—'. */
export function formatAverage(value: number | null | undefined): string {
  return isNumber(value) ? averageFormat.format(value) : DASH;
}

/** Counts of 1000 or more are rounded to the nearest hundred: 1249 → '1 200'; 999 → '999'. */
export function formatCount(value: number | null | undefined): string {
  if (!isNumber(value)) return DASH;
  const rounded = Math.abs(value) >= 1000 ? Math.round(value / 100) * 100 : value;
  return integerFormat.format(rounded);
}

/** Plain French integer grouping without rounding: 4000 → '4 000'. */
export function formatInteger(value: number | null | undefined): string {
  return isNumber(value) ? integerFormat.format(value) : DASH;
}

/** Sending delay in days: 3 → 'J+3'. */
export function formatDelay(days: number): string {
  return `J+${days}`;
}

/** Euro amount: 29.99 → '29,99 €'. */
export function formatPrice(amount: number | null | undefined, currency = "EUR"): string {
  if (!isNumber(amount)) return DASH;
  const format =
    currency.toUpperCase() === "EUR"
      ? priceFormat
      : new Intl.NumberFormat(LOCALE, { style: "currency", currency: currency.toUpperCase() });
  return format.format(amount);
}

/** A percentage given as 0–100 (as the domain's stats return it): 42 → '42 %'. */
export function formatPercent(value: number | null | undefined): string {
  return isNumber(value) ? percentFormat.format(value / 100) : DASH;
}
