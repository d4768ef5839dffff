import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "@certavis/ui",
    environment: "jsdom",
    // One module graph per worker, see the root vitest.config.ts.
    isolate: false,
    setupFiles: ["./vitest.setup.ts"],
  },
});
