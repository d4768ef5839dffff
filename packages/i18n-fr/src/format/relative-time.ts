import { DASH } from "./dash";
import { type DateInput, LOCALE, toDate } from "./date";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relativeFormat = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });

/**
 * The spec's units (§9): seconds under 60, minutes under 60, hours under 24, days under 7,
 * weeks under 30 days, months under 365 days, else years. Amounts are truncated towards zero
 * so that 59.9 minutes never reads '60 minutes'.
 */
export function relativeTimeParts(
  date: Date,
  now: Date,
): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const diff = date.getTime() - now.getTime();
  const abs = Math.abs(diff);
  const sign = diff < 0 ? -1 : 1;
  const amount = (size: number) => sign * Math.floor(abs / size) || 0;
  if (abs < MINUTE) return { value: amount(SECOND), unit: "second" };
  if (abs < HOUR) return { value: amount(MINUTE), unit: "minute" };
  if (abs < DAY) return { value: amount(HOUR), unit: "hour" };
  if (abs < 7 * DAY) return { value: amount(DAY), unit: "day" };
  if (abs < 30 * DAY) return { value: amount(7 * DAY), unit: "week" };
  if (abs < 365 * DAY) return { value: amount(30 * DAY), unit: "month" };
  return { value: amount(365 * DAY), unit: "year" };
}

/** 'il y a 3 jours', 'dans 2 heures', 'hier'; the dash for a missing date. */
export function formatRelativeTime(value: DateInput | null | undefined, now: DateInput = new Date()): string {
  const date = toDate(value);
  const reference = toDate(now);
  if (!date || !reference) return DASH;
  const { value: amount, unit } = relativeTimeParts(date, reference);
  return relativeFormat.format(amount, unit);
}
