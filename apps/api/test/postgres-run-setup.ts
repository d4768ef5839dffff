// Vitest globalSetup of the API project (main process): names this run's PostgreSQL databases and drops
// them once at its end (see dropRunDatabases). Nothing to do on PGlite alone.
import type { TestProject } from "vitest/node";
import { dropRunDatabases, newRunId, TEST_DATABASE_URL } from "./helpers/run-databases";

export default function setup(project: TestProject) {
  const run = newRunId();
  project.provide("postgresRun", run);
  const serverUrl = TEST_DATABASE_URL;
  if (!serverUrl) return;
  return async () => {
    await dropRunDatabases(serverUrl, run);
  };
}
