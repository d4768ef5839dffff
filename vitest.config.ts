import { defineConfig } from "vitest/config";

// One Vitest run for the whole repo: each workspace package with tests is a project.
export default defineConfig({
  test: {
    projects: ["packages/*", "apps/*", "openapi"],
  },
});
