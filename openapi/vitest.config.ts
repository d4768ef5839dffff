import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "@certavis/openapi", environment: "node", isolate: false },
});
