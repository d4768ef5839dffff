import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "@certavis/review-form",
    environment: "jsdom",
    // One module graph per worker, see the root vitest.config.ts.
    isolate: false,
    setupFiles: ["./test/setup.ts"],
    include: ["test/**/*.test.{ts,tsx}"],
  },
});
