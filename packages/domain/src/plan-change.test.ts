import { describe, expect, it } from "vitest";
import {
  downgradeRefusal,
  isLowerPlan,
  limitReductions,
  prorateUpgrade,
  scheduledPlanChange,
} from "./plan-change";

const NOW = new Date("2026-03-10T09:00:00Z");
const END = new Date("2026-04-10T09:00:00Z");
const paid = { plan: "EXPANSION" as const, status: "active", periodEnd: END, scheduled: null };

describe("plan changes at the period end", () => {
  it("orders plans: LANCEMENT < CROISSANCE < EXPANSION", () => {
    expect(isLowerPlan("EXPANSION", "CROISSANCE")).toBe(true);
    expect(isLowerPlan("CROISSANCE", "LANCEMENT")).toBe(true);
    expect(isLowerPlan("CROISSANCE", "EXPANSION")).toBe(false);
    expect(isLowerPlan("CROISSANCE", "CROISSANCE")).toBe(false);
  });

  it("needs a paid subscription in use with a period end ahead, a lower plan, one change at a time", () => {
    expect(downgradeRefusal(paid, "CROISSANCE", NOW)).toBeNull();
    expect(downgradeRefusal({ ...paid, scheduled: "CROISSANCE" }, "CROISSANCE", NOW)).toBeNull();
    expect(downgradeRefusal({ ...paid, scheduled: "CROISSANCE" }, "LANCEMENT", NOW)).toBe("alreadyScheduled");
    expect(downgradeRefusal(paid, "EXPANSION", NOW)).toBe("notLower");
    expect(downgradeRefusal({ ...paid, status: "canceled" }, "CROISSANCE", NOW)).toBe("noSubscription");
    expect(downgradeRefusal({ ...paid, periodEnd: null }, "CROISSANCE", NOW)).toBe("noSubscription");
    expect(downgradeRefusal({ ...paid, periodEnd: NOW }, "CROISSANCE", NOW)).toBe("noSubscription");
    expect(downgradeRefusal({ ...paid, plan: "LANCEMENT" }, "LANCEMENT", NOW)).toBe("noSubscription");
  });

  it("shows a cancellation as the move to LANCEMENT, on the period end", () => {
    const state = { ...paid, cancelAtPeriodEnd: false };
    expect(scheduledPlanChange(state)).toBeNull();
    expect(scheduledPlanChange({ ...state, scheduled: "CROISSANCE" })).toEqual({
      type: "CROISSANCE",
      effectiveAt: END,
    });
    expect(scheduledPlanChange({ ...state, scheduled: "CROISSANCE", cancelAtPeriodEnd: true })).toEqual({
      type: "LANCEMENT",
      effectiveAt: END,
    });
    expect(scheduledPlanChange({ ...state, scheduled: "CROISSANCE", status: "canceled" })).toBeNull();
    expect(scheduledPlanChange({ ...state, plan: "CROISSANCE", scheduled: "CROISSANCE" })).toBeNull();
  });

  it("lists what a lower plan takes away", () => {
    expect(limitReductions("EXPANSION", "CROISSANCE")).toEqual([
      { key: "max_products", from: null, to: 50 },
      { key: "max_members", from: null, to: 5 },
      { key: "max_emails_per_month", from: 4000, to: 400 },
      { key: "iframe_scope", from: "unlimited", to: "all_reviews" },
    ]);
    expect(limitReductions("CROISSANCE", "LANCEMENT").map((r) => r.key)).toEqual([
      "max_products",
      "max_members",
      "max_emails_per_month",
      "max_templates",
      "max_forms",
      "uploads",
      "iframe_scope",
    ]);
    expect(limitReductions("CROISSANCE", "EXPANSION")).toEqual([]);
  });
});

describe("an upgrade within a paid period", () => {
  const period = { start: NOW, end: END };
  it("the same day: the whole current plan is credited, the difference is paid", () => {
    expect(prorateUpgrade(2999, 7999, period, NOW)).toEqual({
      creditCents: 2999,
      chargeCents: 7999,
      dueCents: 5000,
    });
  });

  it("half-way: half of each, to the second; at the period end nothing is due", () => {
    const half = new Date((NOW.getTime() + END.getTime()) / 2);
    expect(prorateUpgrade(2999, 7999, period, half)).toEqual({
      creditCents: 1500,
      chargeCents: 4000,
      dueCents: 2500,
    });
    expect(prorateUpgrade(2999, 7999, period, END).dueCents).toBe(0);
  });
});
