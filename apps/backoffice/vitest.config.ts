import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "@certavis/backoffice",
    environment: "jsdom",
    // One module graph per worker, see the root vitest.config.ts.
    isolate: false,
    setupFiles: ["./test/setup.ts"],
    // The real API (apps/api) on PGlite, shared by the project's test files; each test seeds its own company.
    globalSetup: ["./test/support/api-global-setup.ts"],
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
    testTimeout: 30_000,
  },
});
