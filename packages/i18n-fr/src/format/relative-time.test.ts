import { describe, expect, it } from "vitest";
import { formatRelativeTime, relativeTimeParts } from "./relative-time";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const now = new Date("2026-11-23T12:00:00Z");
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("relative time units follow the thresholds of spec §9", () => {
  it.each([
    [0, 0, "second"],
    [59 * SECOND, -59, "second"],
    [60 * SECOND, -1, "minute"],
    [59 * MINUTE + 59 * SECOND, -59, "minute"],
    [60 * MINUTE, -1, "hour"],
    [23 * HOUR + 59 * MINUTE, -23, "hour"],
    [24 * HOUR, -1, "day"],
    [6 * DAY + 23 * HOUR, -6, "day"],
    [7 * DAY, -1, "week"],
    [29 * DAY, -4, "week"],
    [30 * DAY, -1, "month"],
    [364 * DAY, -12, "month"],
    [365 * DAY, -1, "year"],
    [800 * DAY, -2, "year"],
  ])("%i ms ago → %i %s", (ms, value, unit) => {
    expect(relativeTimeParts(ago(ms), now)).toEqual({ value, unit });
  });

  it("counts forward for future dates", () => {
    expect(relativeTimeParts(new Date(now.getTime() + 3 * HOUR), now)).toEqual({ value: 3, unit: "hour" });
  });
});

describe("formatRelativeTime in French", () => {
  it.each([
    [3 * DAY, "il y a 3 jours"],
    [5 * MINUTE, "il y a 5 minutes"],
    [2 * HOUR, "il y a 2 heures"],
    [30 * SECOND, "il y a 30 secondes"],
    [14 * DAY, "il y a 2 semaines"],
    [90 * DAY, "il y a 3 mois"],
    [3 * 365 * DAY, "il y a 3 ans"],
  ])("%i ms ago → %s", (ms, expected) => {
    expect(plain(formatRelativeTime(ago(ms), now))).toBe(expected);
  });

  it("accepts ISO strings and shows the dash for a missing date", () => {
    expect(plain(formatRelativeTime("2026-11-20T12:00:00Z", now))).toBe("il y a 3 jours");
    expect(formatRelativeTime(null, now)).toBe("—");
    expect(formatRelativeTime("invalide", now)).toBe("—");
  });
});
