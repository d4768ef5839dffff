import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "@certavis/ui",
    environment: "jsdom",
    setupFiles: ["./vitest.setup.ts"],
  },
});
