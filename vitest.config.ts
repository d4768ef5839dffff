import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// One Vitest run for the whole repo: each workspace package with tests is a project.
export default defineConfig({
  test: {
    projects: ["packages/*", "apps/*", "openapi"],
    // One worker more than cores: the API suites spend about a third of their time waiting on servers,
    // timers and child processes (measured on 2 cores: 2 workers 535 s, 3 workers 438 s, 4 workers 455 s).
    maxWorkers: availableParallelism() + 1,
  },
});
