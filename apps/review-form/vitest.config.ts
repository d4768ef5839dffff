import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "@certavis/review-form",
    environment: "jsdom",
    // One module graph per worker, see the root vitest.config.ts.
    isolate: false,
    setupFiles: ["./test/setup.ts"],
    include: ["test/**/*.test.{ts,tsx}"],
    // A page's checks took 5.2-5.4 s at a load of 25, past the 5 s default (the back-office's is 30 s too).
    testTimeout: 30_000,
  },
});
