import { describe, expect, it } from "vitest";
import {
  allowsIframeScope,
  isLimitReached,
  isProductLimitReached,
  normalizePlanType,
  PLAN_LIST,
  PLANS,
  planLimits,
  remainingUnderLimit,
} from "./plans";

describe("plans", () => {
  it.each([
    ["LANCEMENT", 0, false, 3, 1, false, 40, 0, 0, "basic"],
    ["CROISSANCE", 29.99, true, 50, 5, true, 400, null, null, "all_reviews"],
    ["EXPANSION", 79.99, false, null, null, true, 4000, null, null, "unlimited"],
  ] as const)(
    "%s: %s EUR popular=%s products=%s members=%s uploads=%s emails=%s templates=%s forms=%s iframe=%s",
    (type, price, popular, products, members, uploads, emails, templates, forms, iframe) => {
      const plan = PLANS[type];
      expect(plan).toMatchObject({ type, price, popular, currency: "EUR" });
      expect(plan.free).toBe(price === 0);
      expect(plan.limits).toEqual({
        max_products: products,
        max_members: members,
        uploads,
        max_emails_per_month: emails,
        max_templates: templates,
        max_forms: forms,
        iframe_scope: iframe,
      });
    },
  );

  it("lists plans in order", () => {
    expect(PLAN_LIST.map((p) => p.type)).toEqual(["LANCEMENT", "CROISSANCE", "EXPANSION"]);
  });

  it.each([
    ["croissance", "CROISSANCE"],
    [" Expansion ", "EXPANSION"],
    ["starter", null],
    [undefined, null],
  ])("normalizePlanType(%j) = %j", (input, expected) => {
    expect(normalizePlanType(input)).toBe(expected);
  });

  it("planLimits falls back to the free plan", () => {
    expect(planLimits("nope").max_products).toBe(3);
    expect(planLimits("EXPANSION").max_products).toBeNull();
  });

  it.each([
    [0, 3, false],
    [2, 3, false],
    [3, 3, true],
    [4, 3, true],
    [49, 50, false],
    [50, 50, true],
    [1000, null, false],
    [0, 0, true],
    [5, undefined, false],
  ] as const)("isProductLimitReached(%s, %s) = %s", (count, max, expected) => {
    expect(isProductLimitReached(count, max)).toBe(expected);
    expect(isLimitReached(count, max)).toBe(expected);
  });

  it.each([
    [1, 3, 2],
    [5, 3, 0],
    [5, null, null],
  ] as const)("remainingUnderLimit(%s, %s) = %s", (count, max, expected) => {
    expect(remainingUnderLimit(count, max)).toBe(expected);
  });

  it.each([
    ["basic", "basic", true],
    ["basic", "all_reviews", false],
    ["all_reviews", "all_reviews", true],
    ["all_reviews", "unlimited", false],
    ["unlimited", "all_reviews", true],
  ] as const)("scope %s allows %s: %s", (scope, required, expected) => {
    expect(allowsIframeScope({ iframe_scope: scope }, required)).toBe(expected);
  });
});
