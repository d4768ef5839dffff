import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "@certavis/api",
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: ["test/**/*.test.ts"],
    // One import of the server per worker, not per file (each file still builds its own app and
    // database): the import is most of a file's cost.
    isolate: false,
    setupFiles: ["test/pglite-baseline-setup.ts"],
  },
});
