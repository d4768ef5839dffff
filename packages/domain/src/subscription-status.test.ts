import { describe, expect, it } from "vitest";
import { isSubscriptionUsable, periodEndDate, SUBSCRIPTION_STATUSES } from "./subscription-status";

describe("subscription status", () => {
  it("lists the spec's statuses", () => {
    expect(SUBSCRIPTION_STATUSES).toEqual([
      "active",
      "trialing",
      "past_due",
      "canceled",
      "unpaid",
      "incomplete",
      "incomplete_expired",
    ]);
  });

  it.each([
    ["active", true],
    ["trialing", true],
    ["past_due", true],
    ["canceled", false],
    ["unpaid", false],
    ["incomplete", false],
    ["incomplete_expired", false],
    [undefined, false],
  ])("isSubscriptionUsable(%j) = %s", (input, expected) => {
    expect(isSubscriptionUsable(input)).toBe(expected);
  });
});

describe("periodEndDate (cancel answer: seconds or date string)", () => {
  it.each([
    [1_798_761_600, "2027-01-01T00:00:00.000Z"],
    ["2027-01-01T00:00:00Z", "2027-01-01T00:00:00.000Z"],
    ["2027-01-01", "2027-01-01T00:00:00.000Z"],
  ])("periodEndDate(%j) = %s", (value, iso) => {
    expect(periodEndDate(value)?.toISOString()).toBe(iso);
  });

  it.each([["pas une date"], [null], [undefined], [{}]])("periodEndDate(%j) = null", (value) => {
    expect(periodEndDate(value)).toBeNull();
  });
});
