import { describe, expect, it } from "vitest";
import {
  clampReminderDelay,
  clampRequestDelay,
  isOldOrder,
  isReminderDelay,
  isRequestDelay,
  REMINDER_DELAY,
  REQUEST_DELAY,
  reminderDelayDays,
  requestDelayDays,
  requestDueNow,
  reviewWindowStart,
} from "./delays";

describe("delays", () => {
  it("has the spec's bounds", () => {
    expect(REQUEST_DELAY).toEqual({ min: 0, max: 60, step: 1, default: 3 });
    expect(REMINDER_DELAY).toEqual({ min: 1, max: 60, step: 1, default: 7, fallback: 1 });
  });

  it.each([
    [0, 0],
    [3, 3],
    [61, 60],
    [-4, 0],
    ["12", 12],
    [2.6, 3],
    ["x", 3],
    [null, 3],
  ])("clampRequestDelay(%j) = %s", (input, expected) => {
    expect(clampRequestDelay(input)).toBe(expected);
  });

  it.each([
    [0, 1],
    [7, 7],
    [90, 60],
    [undefined, 1],
  ])("clampReminderDelay(%j) = %s", (input, expected) => {
    expect(clampReminderDelay(input)).toBe(expected);
  });
});

describe("delay rules", () => {
  it("bounds request delays to J+0..J+60 and reminder delays to J+1..J+60, whole days", () => {
    expect([-1, 0, 60, 61, 2.5, "3"].map(isRequestDelay)).toEqual([false, true, true, false, false, false]);
    expect([0, 1, 60, 61].map(isReminderDelay)).toEqual([false, true, true, false]);
  });

  it("takes the template's delay over the product's", () => {
    const product = { initialEmailDelayDays: 5, followUpDelayDays: 9 };
    expect(requestDelayDays({ sendAfter: 2 }, product)).toBe(2);
    expect(requestDelayDays({ sendAfter: null }, product)).toBe(5);
    expect(requestDelayDays(undefined, product)).toBe(5);
    expect(reminderDelayDays({ remindAfter: 4 }, product)).toBe(4);
    expect(reminderDelayDays(null, product)).toBe(9);
  });
});

describe("old orders and requests due at once (issue 27.9)", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000);

  it("an order is old past exactly 30 days", () => {
    expect(isOldOrder(daysBefore(30), now)).toBe(false);
    expect(isOldOrder(new Date(daysBefore(30).getTime() - 1), now)).toBe(true);
  });

  it("a request is due once J+delay is reached", () => {
    expect(requestDueNow(daysBefore(3), 3, now)).toBe(true);
    expect(requestDueNow(new Date(daysBefore(3).getTime() + 1), 3, now)).toBe(false);
    expect(requestDueNow(now, 0, now)).toBe(true);
  });
});

describe("reviewWindowStart", () => {
  it("is 30 days before now: an order of that day is still in the window, one older is not", () => {
    const now = new Date("2026-11-28T06:00:00Z");
    const start = reviewWindowStart(now);
    expect(start.toISOString()).toBe("2026-10-29T06:00:00.000Z");
    expect(isOldOrder(start, now)).toBe(false);
    expect(isOldOrder(new Date(start.getTime() - 1), now)).toBe(true);
  });
});
