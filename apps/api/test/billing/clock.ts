/** A clock the test moves (passed to buildApp as `now`). */
export function testClock(start = new Date("2026-03-10T09:00:00.000Z")) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set(date: Date) {
      current = date.getTime();
    },
    advance(ms: number) {
      current += ms;
    },
  };
}

export const DAY_MS = 24 * 60 * 60 * 1000;
