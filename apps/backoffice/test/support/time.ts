const HOUR = 3_600_000;

/** An ISO date `hours` before now. */
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

/** monday..sunday of an ISO date, in UTC as the API counts its weekly figures. */
export function utcWeekday(iso: string) {
  return (["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const)[
    new Date(iso).getUTCDay()
  ] as string;
}
