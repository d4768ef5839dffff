import { describe, expect, it } from "vitest";
import { clampReminderDelay, clampRequestDelay, REMINDER_DELAY, REQUEST_DELAY } from "./delays";

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
