import type { InsightsGranularity } from "@certavis/domain";
import { LOCALE } from "@certavis/i18n-fr";

const dayFormat = new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "short", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat(LOCALE, { month: "short", year: "numeric", timeZone: "UTC" });

/** '3 mars' for a day or a week, 'mars 2026' for a month. */
export function periodLabel(start: string, granularity: InsightsGranularity): string {
  const date = new Date(`${start}T00:00:00Z`);
  return granularity === "month" ? monthFormat.format(date) : dayFormat.format(date);
}
