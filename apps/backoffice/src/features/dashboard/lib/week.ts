import { fr } from "@certavis/i18n-fr";

export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Counts keyed monday..sunday, optionally with a total, or `{days: {...}, total}` (spec §3). */
export type WeekCountsInput =
  | (Partial<Record<Weekday, number>> & { total?: number })
  | { days?: Partial<Record<Weekday, number>>; total?: number }
  | null
  | undefined;

export interface WeekSeries {
  days: { key: Weekday; label: string; value: number }[];
  total: number;
}

export function readWeek(input: WeekCountsInput): WeekSeries {
  const source = (input && "days" in input && input.days ? input.days : (input ?? {})) as Partial<
    Record<Weekday, number>
  >;
  const days = WEEKDAYS.map((key) => {
    const raw = source[key];
    return { key, label: fr.common.weekdays[key], value: typeof raw === "number" && raw > 0 ? raw : 0 };
  });
  const total =
    input && typeof input.total === "number" ? input.total : days.reduce((sum, day) => sum + day.value, 0);
  return { days, total };
}
