export type InsightsGranularity = "day" | "week" | "month";

/** The statistics screen's default period: the last 90 days, by week. */
export const DEFAULT_INSIGHTS_DAYS = 90;
export const MAX_INSIGHTS_YEARS = 2;

/** A period of whole UTC days, `from` and `to` both included (`YYYY-MM-DD`). */
export interface InsightsPeriod {
  from: string;
  to: string;
  granularity: InsightsGranularity;
}

const DAY_MS = 86_400_000;

export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDaysTo(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function addYears(day: string, years: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return dayOf(date);
}

/**
 * The period asked for, with its defaults (`to` today, `from` 89 days before `to`, by week); a code
 * when `from` is after `to` or the period spans more than two years.
 */
export function resolveInsightsPeriod(
  query: { from?: string; to?: string; granularity?: InsightsGranularity },
  today: Date,
):
  | { ok: true; period: InsightsPeriod }
  | { ok: false; code: "insights.fromAfterTo" | "insights.periodTooLong" } {
  const to = query.to ?? dayOf(today);
  const from = query.from ?? addDaysTo(to, -(DEFAULT_INSIGHTS_DAYS - 1));
  if (from > to) return { ok: false, code: "insights.fromAfterTo" };
  if (to >= addYears(from, MAX_INSIGHTS_YEARS)) return { ok: false, code: "insights.periodTooLong" };
  return { ok: true, period: { from, to, granularity: query.granularity ?? "week" } };
}

/** The period of the same length that ends the day before `period` starts. */
export function previousInsightsPeriod(period: InsightsPeriod): InsightsPeriod {
  const length = daysBetween(period.from, period.to) + 1;
  return { ...period, from: addDaysTo(period.from, -length), to: addDaysTo(period.from, -1) };
}

/** Start of the day, week (Monday) or month holding `day`. */
export function bucketStart(day: string, granularity: InsightsGranularity): string {
  if (granularity === "day") return day;
  if (granularity === "month") return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDaysTo(day, -((weekday + 6) % 7));
}

/** Starts of every day, week or month touching the period, oldest first. */
export function bucketStarts(period: InsightsPeriod): string[] {
  const starts: string[] = [];
  let start = bucketStart(period.from, period.granularity);
  while (start <= period.to) {
    starts.push(start);
    if (period.granularity === "day") start = addDaysTo(start, 1);
    else if (period.granularity === "week") start = addDaysTo(start, 7);
    else {
      const date = new Date(`${start}T00:00:00Z`);
      date.setUTCMonth(date.getUTCMonth() + 1);
      start = dayOf(date);
    }
  }
  return starts;
}
