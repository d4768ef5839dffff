import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase, wrapPglite } from "../../src/db/client";
import { freshPglite } from "./pglite-template";

export type TestDatabaseKind = "pglite" | "postgres";

/** `TEST_DATABASE_URL` (CI: postgres://postgres@127.0.0.1:5432/test) enables the PostgreSQL runs. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || null;

/** The databases every integration suite runs on: PGlite always, PostgreSQL when configured. */
export const TEST_DATABASES: TestDatabaseKind[] = TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase {
  database: Database;
  /** Drops the per-suite PostgreSQL database (no-op on PGlite). */
  dispose(): Promise<void>;
}

/** A fresh in-memory PGlite, or a fresh `certavis_test_<random>` database on the test server. */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite" || !TEST_DATABASE_URL) {
    const database = wrapPglite(await freshPglite());
    return { database, dispose: async () => database.close() };
  }
  const empty = await createEmptyPostgres(TEST_DATABASE_URL);
  const database = await openDatabase({ databaseUrl: empty.url, dataDir: null });
  return {
    database,
    dispose: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/** A fresh, empty (not migrated) `certavis_test_<random>` database on `serverUrl`, and its removal. */
export async function createEmptyPostgres(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `certavis_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
