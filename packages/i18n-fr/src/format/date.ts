import { DASH } from "./dash";

export type DateInput = Date | string | number;

/** Options shared by the date formatters; `timeZone` defaults to the runtime's zone. */
export interface DateFormatOptions {
  timeZone?: string;
}

export const LOCALE = "fr-FR";

/** Parses a date input; null for missing or unparsable values. */
export function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(
  value: DateInput | null | undefined,
  parts: Intl.DateTimeFormatOptions,
  options: DateFormatOptions,
): string {
  const date = toDate(value);
  if (!date) return DASH;
  return new Intl.DateTimeFormat(LOCALE, { ...parts, timeZone: options.timeZone }).format(date);
}

/** '23 nov. 2026' */
export function formatDate(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  return format(value, { day: "numeric", month: "short", year: "numeric" }, options);
}

/** '23 nov. 2026, 14:05' (the exact joiner is ICU's). */
export function formatDateTime(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  return format(value, { dateStyle: "medium", timeStyle: "short" }, options);
}

/** '14:05' */
export function formatTime(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  return format(value, { hour: "2-digit", minute: "2-digit" }, options);
}

/** '23 novembre 2026' — for sentences such as 'Expire le …'. */
export function formatLongDate(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  return format(value, { day: "numeric", month: "long", year: "numeric" }, options);
}
