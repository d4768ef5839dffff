import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "@certavis/backoffice",
    environment: "jsdom",
    setupFiles: ["./test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
    testTimeout: 15_000,
  },
});
