import { defineProject, type Plugin } from "vitest/config";
import { cssTextModule } from "./css-text.mjs";

/** A `.css` file the server imports is its text, as in the build (see css-text.mjs). */
const cssAsText: Plugin = {
  name: "certavis:css-as-text",
  enforce: "pre",
  load(id) {
    if (!id.endsWith(".css")) return null;
    return cssTextModule(id);
  },
};

export default defineProject({
  plugins: [cssAsText],
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
    // Names this run's PostgreSQL databases and drops them at its end, all at once.
    globalSetup: ["test/postgres-run-setup.ts"],
  },
});
