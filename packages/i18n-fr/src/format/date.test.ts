import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatLongDate, formatTime, toDate } from "./date";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const utc = { timeZone: "UTC" };

describe("French dates", () => {
  it.each([
    ["2026-11-23T14:05:00Z", "23 nov. 2026"],
    ["2026-01-05T00:00:00Z", "5 janv. 2026"],
    ["2026-08-15T23:59:00Z", "15 août 2026"],
  ])("formatDate(%s) → %s", (input, expected) => {
    expect(formatDate(input, utc)).toBe(expected);
  });

  it("formats in the given time zone", () => {
    expect(formatDate("2026-11-23T23:30:00Z", { timeZone: "Europe/Paris" })).toBe("24 nov. 2026");
  });

  it("formatDateTime shows the date and the 24-hour time", () => {
    const text = plain(formatDateTime("2026-11-23T14:05:00Z", utc));
    expect(text).toMatch(/^23 nov\. 2026(,| à) 14:05$/);
  });

  it("formatTime shows hours and minutes", () => {
    expect(formatTime("2026-11-23T09:05:00Z", utc)).toBe("09:05");
  });

  it("formatLongDate spells the month", () => {
    expect(formatLongDate("2026-11-23T12:00:00Z", utc)).toBe("23 novembre 2026");
  });

  it.each([null, undefined, "", "pas une date"])("shows the dash for %s", (input) => {
    expect(formatDate(input, utc)).toBe("—");
    expect(formatDateTime(input, utc)).toBe("—");
    expect(formatTime(input, utc)).toBe("—");
  });

  it("accepts Date objects and timestamps", () => {
    const date = new Date("2026-11-23T12:00:00Z");
    expect(formatDate(date, utc)).toBe("23 nov. 2026");
    expect(formatDate(date.getTime(), utc)).toBe("23 nov. 2026");
    expect(toDate("nope")).toBeNull();
  });
});
