import { createEmptyPostgres as createOn, TEST_DATABASE_URL } from "../helpers/databases";

/** A fresh, empty (not migrated) PostgreSQL database on the test server; null without TEST_DATABASE_URL. */
export async function createEmptyPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  return TEST_DATABASE_URL ? createOn(TEST_DATABASE_URL) : null;
}
