import { describe, expect, it } from "vitest";
import type { FormField } from "./field-types";
import {
  addField,
  addPage,
  clampPage,
  deletePage,
  fieldsOfPage,
  moveField,
  moveFieldToPage,
  normalizePages,
  pageCount,
  removeField,
} from "./pages";

type P = { id: string; page: number; position: number };
const f = (id: string, page: number, position: number): P => ({ id, page, position });
/** Compact view: 'id@page.position' in list order. */
const view = (fields: readonly P[]) => fields.map((x) => `${x.id}@${x.page}.${x.position}`);

describe("normalizePages", () => {
  it.each([
    [
      [f("a", 0, 0), f("b", 0, 1)],
      ["a@0.0", "b@0.1"],
    ],
    [
      [f("b", 0, 5), f("a", 0, 2)],
      ["a@0.0", "b@0.1"],
    ],
    [
      [f("a", 2, 0), f("b", 5, 3), f("c", 5, 1)],
      ["a@0.0", "c@1.0", "b@1.1"],
    ],
    [
      [f("a", 1, 0), f("b", 1, 0)],
      ["a@0.0", "b@0.1"],
    ],
    [
      [f("a", -1, 0), f("b", Number.NaN, 0), f("c", 3, 0)],
      ["a@0.0", "b@0.1", "c@1.0"],
    ],
    [[], []],
  ])("%j → %j", (input, expected) => {
    expect(view(normalizePages(input))).toEqual(expected);
  });

  it("does not mutate its input", () => {
    const input = [f("a", 3, 3)];
    normalizePages(input);
    expect(input[0]).toEqual(f("a", 3, 3));
  });
});

describe("page helpers", () => {
  const fields = [f("a", 0, 0), f("b", 1, 1), f("c", 1, 0), f("d", 2, 0)];

  it("counts pages (at least 1)", () => {
    expect(pageCount(fields)).toBe(3);
    expect(pageCount([])).toBe(1);
  });

  it("lists fields of a page in position order", () => {
    expect(view(fieldsOfPage(fields, 1))).toEqual(["c@1.0", "b@1.1"]);
    expect(fieldsOfPage(fields, 7)).toEqual([]);
  });

  it.each([
    [0, 3, 0],
    [5, 3, 2],
    [-1, 3, 0],
    [1, 0, 0],
    [Number.NaN, 2, 0],
  ])("clampPage(%s, %s) = %s", (page, pages, expected) => {
    expect(clampPage(page, pages)).toBe(expected);
  });

  it("adds a page", () => {
    expect(addPage(1)).toBe(2);
    expect(addPage(0)).toBe(2);
  });
});

describe("addField", () => {
  it("appends a new field with defaults on the current page", () => {
    const start = [f("a", 0, 0), f("b", 1, 0)] as FormField[];
    const next = addField(start, "select", 1);
    const added = next[next.length - 1];
    expect(added).toMatchObject({ type: "select", page: 1, position: 1, options: ["Option 1", "Option 2"] });
    expect(next).toHaveLength(3);
  });

  it("places a prepared field at the end of the page", () => {
    const next = addField([f("a", 0, 0)] as FormField[], { ...(f("z", 9, 9) as FormField), type: "text" }, 0);
    expect(view(next)).toEqual(["a@0.0", "z@0.1"]);
  });
});

describe("moveField", () => {
  const fields = [f("a", 0, 0), f("b", 0, 1), f("c", 0, 2), f("d", 1, 0)];
  it.each([
    ["b", "up", ["b@0.0", "a@0.1", "c@0.2", "d@1.0"]],
    ["b", "down", ["a@0.0", "c@0.1", "b@0.2", "d@1.0"]],
    ["a", "up", ["a@0.0", "b@0.1", "c@0.2", "d@1.0"]],
    ["c", "down", ["a@0.0", "b@0.1", "c@0.2", "d@1.0"]],
    ["d", "up", ["a@0.0", "b@0.1", "c@0.2", "d@1.0"]],
    ["zz", "up", ["a@0.0", "b@0.1", "c@0.2", "d@1.0"]],
  ] as const)("%s %s → %j (swaps within the page only)", (id, direction, expected) => {
    expect(view(moveField(fields, id, direction))).toEqual(expected);
  });
});

describe("removeField and moveFieldToPage", () => {
  it("closes positions on removal", () => {
    expect(view(removeField([f("a", 0, 0), f("b", 0, 1), f("c", 0, 2)], "b"))).toEqual(["a@0.0", "c@0.1"]);
  });

  it("moves a field to the end of another page", () => {
    expect(view(moveFieldToPage([f("a", 0, 0), f("b", 0, 1), f("c", 1, 0)], "a", 1))).toEqual([
      "b@0.0",
      "c@1.0",
      "a@1.1",
    ]);
  });
});

describe("deletePage", () => {
  const fields = [f("a", 0, 0), f("b", 0, 1), f("c", 1, 0), f("d", 1, 1), f("e", 2, 0)];

  it.each([
    [1, 3, ["a@0.0", "b@0.1", "c@0.2", "d@0.3", "e@1.0"], 2],
    [2, 3, ["a@0.0", "b@0.1", "c@1.0", "d@1.1", "e@1.2"], 2],
    [0, 3, ["a@0.0", "b@0.1", "c@0.2", "d@0.3", "e@1.0"], 2],
    [3, 4, ["a@0.0", "b@0.1", "c@1.0", "d@1.1", "e@2.0"], 3],
    [7, 3, ["a@0.0", "b@0.1", "c@1.0", "d@1.1", "e@2.0"], 3],
  ])("deleting page %s of %s → %j, %s pages", (page, pages, expected, remaining) => {
    const result = deletePage(fields, page, pages);
    expect(view(result.fields)).toEqual(expected);
    expect(result.pages).toBe(remaining);
  });

  it("moves deleted fields after the previous page's fields even with gaps", () => {
    const result = deletePage([f("a", 0, 0), f("b", 0, 5), f("c", 1, 0)], 1, 2);
    expect(view(result.fields)).toEqual(["a@0.0", "b@0.1", "c@0.2"]);
  });

  it("deleting page 0 puts its fields first on the new page 0", () => {
    const result = deletePage([f("a", 0, 0), f("b", 1, 0), f("c", 1, 1)], 0, 2);
    expect(view(result.fields)).toEqual(["a@0.0", "b@0.1", "c@0.2"]);
  });

  it("keeps at least one page", () => {
    const result = deletePage([f("a", 0, 0)], 0, 1);
    expect(view(result.fields)).toEqual(["a@0.0"]);
    expect(result.pages).toBe(1);
  });

  it("deletes an empty trailing page", () => {
    const result = deletePage([f("a", 0, 0)], 1, 2);
    expect(view(result.fields)).toEqual(["a@0.0"]);
    expect(result.pages).toBe(1);
  });
});
