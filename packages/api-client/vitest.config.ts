import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "@certavis/api-client", environment: "node", isolate: false, passWithNoTests: true },
});
