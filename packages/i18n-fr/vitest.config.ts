import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "@certavis/i18n-fr",
    environment: "node",
    isolate: false,
    passWithNoTests: true,
    // The catalogue's checks parse every source file of the repo: seconds alone, 15-22 s at a load of 25
    // and 31 s at 30 (past the 5 s default).
    testTimeout: 60_000,
  },
});
