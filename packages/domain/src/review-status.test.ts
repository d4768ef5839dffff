import { describe, expect, it } from "vitest";
import { canTransitionReview, normalizeReviewStatus } from "./review-status";

describe("review status", () => {
  it.each([
    ["approved", "approved"],
    ["PENDING", "pending"],
    [" Rejected ", "rejected"],
    ["published", null],
    [undefined, null],
  ])("normalizeReviewStatus(%j) = %j", (input, expected) => {
    expect(normalizeReviewStatus(input)).toBe(expected);
  });

  it.each([
    ["pending", "approved", true],
    ["pending", "rejected", true],
    ["approved", "rejected", false],
    ["rejected", "approved", false],
    ["withdrawn", "approved", false],
    ["expired", "rejected", false],
    ["approved", "approved", false],
    ["approved", "pending", false],
    ["rejected", "pending", false],
    ["pending", "deleted", false],
  ])("transition %s → %s allowed: %s", (from, to, expected) => {
    expect(canTransitionReview(from, to)).toBe(expected);
  });
});
