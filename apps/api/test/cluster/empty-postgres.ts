import { createEmptyPostgres as createOn, TEST_DATABASE_URL } from "../helpers/databases";

/**
 * The URL of a fresh, empty (not migrated) PostgreSQL database on the test server, which the run's end
 * drops; null without TEST_DATABASE_URL.
 */
export async function createEmptyPostgres(): Promise<string | null> {
  return TEST_DATABASE_URL ? createOn(TEST_DATABASE_URL) : null;
}
