import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "@certavis/i18n-fr", environment: "node", isolate: false, passWithNoTests: true },
});
