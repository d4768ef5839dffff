/** Wall-clock times of a timezone (IANA name), for platforms that send dates without zone. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether `name` is a timezone this runtime knows (`Europe/Paris`, `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/** `YYYY-MM-DD HH:MM:SS`: the wall clock of `timeZone` at `date`. */
export function wallClockAt(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The wall clock `YYYY-MM-DD[ T]HH:MM:SS` read as if it were UTC, in ms; NaN when unreadable. */
const asUtc = (wallClock: string) => Date.parse(`${wallClock.trim().replace(" ", "T")}Z`);

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `ms`. */
const offsetAt = (ms: number, timeZone: string) => asUtc(wallClockAt(new Date(ms), timeZone)) - ms;

/**
 * The instant a wall clock of `timeZone` names, or null when unreadable. A time skipped by the change
 * to summer time is read with the summer offset (02:30 in Paris that night is 00:30 UTC); a time met
 * twice at the change back, as its second occurrence.
 */
export function wallClockToDate(wallClock: string, timeZone: string): Date | null {
  const guess = asUtc(wallClock);
  if (Number.isNaN(guess)) return null;
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return new Date(offsetAt(second, timeZone) === guess - second ? second : first);
}

/** The wall clock one second after `wallClock` (`YYYY-MM-DD HH:MM:SS`, zone-free arithmetic). */
export function nextSecond(wallClock: string): string {
  return new Date(asUtc(wallClock) + 1000).toISOString().slice(0, 19).replace("T", " ");
}
