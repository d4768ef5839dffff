import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// One Vitest run for the whole repo: each workspace package with tests is a project.
// Every project runs with `isolate: false`: a worker keeps its module graph from one test file to the next
// (a fresh jsdom still per file), so the back-office's React, Radix and router load once per worker, not
// once per file (back-office alone on 2 cores: 113 → 57 s; the whole run 295 → 269 s). What a test
// changes globally (toasts, storage, spies, timers, fetch) its setup file or afterEach puts back.
export default defineConfig({
  test: {
    projects: ["packages/*", "apps/*", "openapi"],
    // One worker more than cores: the API suites spend about a third of their time waiting on servers,
    // timers and child processes (measured on 2 cores: 2 workers 535 s, 3 workers 438 s, 4 workers 455 s).
    maxWorkers: availableParallelism() + 1,
  },
});
