import { describe, expect, it } from "vitest";
import { findUnusedKeys, isKeyUsed } from "./unused-keys";

const file = (text: string) => ({ path: "x.tsx", text });

describe("unused key detection", () => {
  it.each([
    ["whole path", "<h1>{fr.reviews.title}</h1>", "title", true],
    ["template call", "toast(fr.errors.products.limitMessage(3))", "products.limitMessage", true],
    [
      "alias of the group",
      "const m = fr.reviews;\n<p>{m.filters.allProducts}</p>",
      "filters.allProducts",
      true,
    ],
    ["alias of a sub-object", "const d = fr.reviews.detail;\nd.approve", "detail.approve", true],
    ["computed access", "fr.statuses.review[status]", "review.pending", true],
    ["computed access on the group", "fr.statuses[kind].x", "review.pending", true],
    ["a local variable named like the group", "errors[field] = []", "reviews.notFound", false],
    ["other key only", "fr.reviews.titleSuffix", "title", false],
    ["other group", "fr.products.title", "title", false],
    ["rest of path without alias", "x.filters.allProducts", "filters.allProducts", false],
  ])("%s", (_name, text, key, used) => {
    const group =
      text.includes("errors") || key === "reviews.notFound"
        ? "errors"
        : text.includes("statuses")
          ? "statuses"
          : "reviews";
    expect(isKeyUsed(group, key, [file(text)])).toBe(used);
  });

  it("lists the unused keys of a group", () => {
    const files = [file("fr.reviews.title; fr.reviews.empty.reset")];
    expect(findUnusedKeys("reviews", ["title", "subtitle", "empty.reset", "empty.title"], files)).toEqual([
      "subtitle",
      "empty.title",
    ]);
  });
});
