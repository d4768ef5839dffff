import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "@certavis/api",
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: ["test/**/*.test.ts"],
  },
});
