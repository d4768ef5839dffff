import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

type Collect = () => Promise<void>;

let v8Collect: Collect | null = null;

/** A full collection by V8's own `gc`, reached without starting the process with `--expose-gc` (the flag counts for new contexts). */
export function collectGarbage(): Promise<void> {
  if (!v8Collect) {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as (options: { type: "major"; execution: "async" }) => Promise<void>;
    // As a task of the event loop, not in the middle of the caller's code.
    v8Collect = () => gc({ type: "major", execution: "async" });
  }
  return v8Collect();
}

/** What only a full collection frees: the old and large-object spaces (the young one is collected often). */
export function oldSpacesBytes(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics())
    if (space.space_name === "old_space" || space.space_name === "large_object_space")
      used += space.space_used_size;
  return used;
}

/**
 * For a long task that makes much short-lived garbage (the company export): a full collection once the
 * old spaces have grown by `stepBytes` since the last one.
 *
 * Why: the pages of such a task live across database and socket waits, long enough to be promoted to V8's
 * old space, where they wait for a full collection that V8 starts only near its old space's limit (a few
 * hundred MB on a server with memory to spare). A collection every 32 MB keeps the heap about three
 * times lower for a few % more CPU (export, figures in bench/README.md).
 */
export function heapCollector(
  stepBytes = 32 * 1024 * 1024,
  measure: () => number = oldSpacesBytes,
  collect: Collect = collectGarbage,
): { afterPage(): Promise<void> } {
  let mark = measure();
  return {
    async afterPage() {
      if (measure() - mark < stepBytes) return;
      await collect();
      mark = measure();
    },
  };
}
