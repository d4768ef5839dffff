/** The time source of the pipeline: injectable so tests can move through days without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to (tests, benchmarks). */
export interface ManualClock extends Clock {
  set(date: Date): void;
  advanceDays(days: number): void;
}

export function manualClock(start: Date = new Date()): ManualClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date);
    },
    advanceDays: (days) => {
      current = new Date(current.getTime() + days * DAY_MS);
    },
  };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** First instant of the calendar month (UTC) containing `date`. */
export function monthStart(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

export function nextMonthStart(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}
