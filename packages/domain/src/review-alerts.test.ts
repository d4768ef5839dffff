import { describe, expect, it } from "vitest";
import { isNegativeRating, wantsReviewAlert } from "./review-alerts";

describe("review alerts", () => {
  it.each([
    [0.5, true],
    [2, true],
    [2.01, false],
    [5, false],
  ])("a rating of %s is negative: %s", (rating, negative) => {
    expect(isNegativeRating(rating)).toBe(negative);
  });

  it.each([
    ["all", true, true],
    ["negative", true, false],
    ["none", false, false],
    // An unknown stored value reads as the default, 'negative'.
    ["parfois", true, false],
  ])("'%s' takes the negative alert: %s, the digest: %s", (choice, negative, digest) => {
    expect(wantsReviewAlert(choice, "negative")).toBe(negative);
    expect(wantsReviewAlert(choice, "digest")).toBe(digest);
  });
});
