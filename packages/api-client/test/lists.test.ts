import { describe, expect, it } from "vitest";
import { readCount, readList } from "../src/lists";

describe("readList / readCount", () => {
  const items = [{ id: "a" }, { id: "b" }];

  it("reads a plain array", () => {
    expect(readList(items)).toEqual(items);
    expect(readCount(items)).toBe(2);
  });

  it("reads a paged {count, next, previous, results} object", () => {
    const page = { count: 42, next: "/api/v1/company/forms/?offset=2", previous: null, results: items };
    expect(readList(page)).toEqual(items);
    expect(readCount(page)).toBe(42);
  });

  it("falls back to the number of results when a page has no count", () => {
    expect(readCount({ results: items })).toBe(2);
  });

  it("reads null, undefined and a page without results as empty", () => {
    expect(readList(null)).toEqual([]);
    expect(readList(undefined)).toEqual([]);
    expect(readList({ results: null })).toEqual([]);
    expect(readCount(null)).toBe(0);
  });

  it("returns a copy the caller may sort without touching the cached data", () => {
    const list = readList(items);
    list.reverse();
    expect(items[0]?.id).toBe("a");
  });
});
