import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "@certavis/domain", environment: "node", isolate: false, passWithNoTests: true },
});
