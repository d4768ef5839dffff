import { describe, expect, it } from "vitest";
import {
  averageRating,
  meanOfRatings,
  nextQuotaReset,
  quotaPercent,
  responseRatePercent,
  roundRating,
  satisfactionPercent,
  snapToHalfStar,
  starBucket,
  starsOfBucket,
} from "./stats";

describe("satisfactionPercent (share rated 4 or more)", () => {
  it.each([
    [[], 0],
    [[5, 4, 3, 2], 50],
    [[4, 4, 4], 100],
    [[3.9, 1], 0],
    [[5, 1, 1], 33],
    [[5, 5, 1], 67],
    [[4, Number.NaN], 100],
  ])("%j → %s", (ratings, expected) => {
    expect(satisfactionPercent(ratings)).toBe(expected);
  });
});

describe("responseRatePercent (reviews / orders)", () => {
  it.each([
    [0, 0, 0],
    [5, 0, 0],
    [1, 3, 33],
    [2, 3, 67],
    [10, 10, 100],
    [0, 7, 0],
    [3, 2, 150],
  ])("%s reviews / %s orders → %s", (reviews, orders, expected) => {
    expect(responseRatePercent(reviews, orders)).toBe(expected);
  });
});

describe("averageRating", () => {
  it.each([
    [4.26, [], 4.3],
    ["3.94", [], 3.9],
    [4.5, [{ mean_note: 1, reviews_count: 10 }], 4.5],
    [
      null,
      [
        { mean_note: 5, reviews_count: 1 },
        { mean_note: 2, reviews_count: 2 },
      ],
      3,
    ],
    [
      undefined,
      [
        { mean_note: 4, reviews_count: 3 },
        { mean_note: 5, reviews_count: 1 },
      ],
      4.3,
    ],
    [0, [{ mean_note: "4.5", reviews_count: "2" }], 4.5],
    [
      null,
      [
        { mean_note: 5, reviews_count: 0 },
        { mean_note: null, reviews_count: 4 },
      ],
      null,
    ],
    [null, [], null],
    [0, [], null],
  ] as const)("company %j, products %j → %j", (company, products, expected) => {
    expect(averageRating(company, products)).toBe(expected);
  });
});

describe("rounding and means", () => {
  it.each([
    [4.256, 4.26],
    [3.333, 3.33],
    [2.5, 2.5],
    [0, 0],
  ])("roundRating(%s) = %s", (value, expected) => {
    expect(roundRating(value)).toBe(expected);
  });

  it.each([
    [[], null],
    [[4, 5], 4.5],
    [[1, 2, 2], 1.7],
  ])("meanOfRatings(%j) = %j", (ratings, expected) => {
    expect(meanOfRatings(ratings)).toBe(expected);
  });

  it.each([
    [10, 40, 25],
    [40, 40, 100],
    [50, 40, 100],
    [-5, 40, 0],
    [100, null, 0],
    [0, 0, 0],
    [3, 0, 100],
  ])("quotaPercent(%s, %j) = %s", (used, limit, expected) => {
    expect(quotaPercent(used, limit)).toBe(expected);
  });
});

describe("quota reset and half stars", () => {
  const now = new Date("2026-11-23T09:00:00Z");
  it.each([
    ["2026-11-01T00:00:00Z", "2026-12-01T00:00:00.000Z"],
    ["2026-12-15", "2027-01-01T00:00:00.000Z"],
    [null, "2026-12-01T00:00:00.000Z"],
    ["garbage", "2026-12-01T00:00:00.000Z"],
  ])("nextQuotaReset(%j) = %s", (start, expected) => {
    expect(nextQuotaReset(start, now).toISOString()).toBe(expected);
  });

  it.each([
    [3.2, 3],
    [3.3, 3.5],
    [4.75, 5],
    [0.24, 0],
  ])("snapToHalfStar(%s) = %s", (value, expected) => {
    expect(snapToHalfStar(value)).toBe(expected);
  });
});

describe("starBucket (the 'n étoiles' a rating counts in)", () => {
  it.each([
    [5, 5],
    [4.99, 4],
    [4.5, 4],
    [4.49, 4],
    [4, 4],
    [3.5, 3],
    [2.5, 2],
    [1.5, 1],
    [1, 1],
    [0.5, 1],
    [0, 1],
  ])("starBucket(%s) = %s", (rating, bucket) => {
    expect(starBucket(rating)).toBe(bucket);
    // The database's whole stars (`reviews.stars`: floor(rating)) land in the same bucket.
    expect(starsOfBucket(bucket)).toContain(Math.floor(rating));
  });

  it("puts each whole star value of the database in exactly one bucket", () => {
    for (const stars of [0, 1, 2, 3, 4, 5])
      expect([1, 2, 3, 4, 5].filter((bucket) => starsOfBucket(bucket).includes(stars))).toHaveLength(1);
  });
});
