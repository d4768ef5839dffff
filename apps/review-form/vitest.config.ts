import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "@certavis/review-form",
    environment: "jsdom",
    setupFiles: ["./test/setup.ts"],
    include: ["test/**/*.test.{ts,tsx}"],
  },
});
