import { describe, expect, it } from "vitest";
import { isReviewSubject, storeQuestionOpen, validateStoreReview } from "./store-reviews";

describe("validateStoreReview", () => {
  it("takes whole stars 1 to 5 with optional trimmed title and comment", () => {
    expect(validateStoreReview({ rating: 5 })).toEqual({
      ok: true,
      value: { rating: 5, title: "", comment: "" },
    });
    expect(validateStoreReview({ rating: 1, title: " Top ", comment: " Rapide. " })).toEqual({
      ok: true,
      value: { rating: 1, title: "Top", comment: "Rapide." },
    });
  });

  it("requires the rating and refuses half stars, 0 and 6", () => {
    expect(validateStoreReview({ comment: "x" })).toEqual({
      ok: false,
      errors: { rating: [{ code: "required" }] },
    });
    for (const rating of [4.5, 0, 6, "5"])
      expect(validateStoreReview({ rating })).toEqual({
        ok: false,
        errors: { rating: [{ code: "answer.numberBetween", params: { min: 1, max: 5 } }] },
      });
  });

  it("bounds title and comment", () => {
    const result = validateStoreReview({ rating: 3, title: "a".repeat(201), comment: 7 });
    expect(result).toEqual({
      ok: false,
      errors: {
        title: [{ code: "answer.maxLength", params: { n: 200 } }],
        comment: [{ code: "answer.notText" }],
      },
    });
  });
});

describe("subjects", () => {
  it("knows product and store only", () => {
    expect(isReviewSubject("store")).toBe(true);
    expect(isReviewSubject("product")).toBe(true);
    expect(isReviewSubject("shop")).toBe(false);
  });

  it("asks about the shop while the company collects and the order has no store review", () => {
    expect(storeQuestionOpen(true, false)).toBe(true);
    expect(storeQuestionOpen(true, true)).toBe(false);
    expect(storeQuestionOpen(false, false)).toBe(false);
  });
});
