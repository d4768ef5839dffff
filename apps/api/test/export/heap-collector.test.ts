import { constants, PerformanceObserver } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { collectGarbage, heapCollector } from "../../src/lib/heap-collector";

describe("heapCollector (the company export's full collections)", () => {
  it("collects each time the old spaces grew by its step since the last collection", async () => {
    let used = 100;
    const collections: number[] = [];
    const heap = heapCollector(
      32,
      () => used,
      async () => {
        collections.push(used);
        used -= 25; // what the collection freed
      },
    );
    for (const grown of [10, 21, 1, 30, 20]) {
      used += grown;
      await heap.afterPage();
    }
    // From 100: 110 and 131 are under the step; 132 collects (down to 107); 137 is under; 157 collects.
    expect(collections).toEqual([132, 157]);
  });

  it("reaches V8's own full collection without --expose-gc", async () => {
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        kinds.push((entry as unknown as { detail: { kind: number } }).detail.kind);
    });
    observer.observe({ entryTypes: ["gc"] });
    await collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
  });
});
