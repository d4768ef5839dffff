import { describe, expect, it } from "vitest";
import { getStartedState } from "./get-started";

describe("getStartedState", () => {
  it("lists the five steps in order and shows the card while one is left", () => {
    const state = getStartedState(new Set(["product", "first_review"]), false);
    expect(state.steps).toEqual([
      { key: "product", done: true },
      { key: "shop", done: false },
      { key: "email_template", done: false },
      { key: "widget", done: false },
      { key: "first_review", done: true },
    ]);
    expect(state.visible).toBe(true);
  });

  it("is gone once hidden or once every step is done", () => {
    expect(getStartedState(new Set(), true)).toMatchObject({ visible: false, hidden: true });
    const all = new Set(["product", "shop", "email_template", "widget", "first_review"] as const);
    expect(getStartedState(all, false)).toMatchObject({ visible: false, hidden: false });
  });
});
