import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./scripts/vitest-sequencer";

// One Vitest run for the whole repo: each workspace package with tests is a project.
// Every project runs with `isolate: false`: a worker keeps its module graph from one test file to the next
// (a fresh jsdom still per file), so the back-office's React, Radix and router load once per worker, not
// once per file (back-office alone on 2 cores: 113 → 57 s; the whole run 295 → 269 s). What a test
// changes globally (toasts, storage, spies, timers, fetch) its setup file or afterEach puts back.
export default defineConfig({
  test: {
    projects: ["packages/*", "apps/*", "openapi"],
    // One worker a core: `pnpm test` runs this beside the end-to-end run, which keeps a core busy, so the
    // waits of the API suites (servers, timers, child processes) are filled anyway, and a third worker
    // only adds contention (measured on 2 cores, `pnpm test` on PostgreSQL: 3 workers 311 s and 598 s of
    // CPU, 2 workers 287 s and 525 s; the e2e side 274 → 236 s). Alone, a third worker had helped.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirstSequencer },
  },
});
