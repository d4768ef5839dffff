import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase, openPgliteWorkerDatabase, wrapPglite } from "../../src/db/client";
import { buildConcurrentIndexes, CONCURRENT_INDEXES } from "../../src/db/concurrent-indexes";
import { freshPglite, migratedPgliteDump, migrationsHash } from "./pglite-template";
import { runDatabaseName, TEST_DATABASE_URL } from "./run-databases";

export type TestDatabaseKind = "pglite" | "postgres";

export { TEST_DATABASE_URL } from "./run-databases";

/**
 * The database an integration suite runs on, once: a rule whose subject is not SQL (HTTP, permissions,
 * limits, mail, files) is proven once. PostgreSQL when `TEST_DATABASE_URL` is set (CI), since the same
 * queries cost several times less CPU there than in PGlite's WebAssembly and a database copy costs less
 * than a PGlite load; PGlite, the embedded default, otherwise. PGlite stays proven by the SQL suites
 * below, the back-office suite's API and the e2e server.
 */
export const DEFAULT_TEST_DATABASE: TestDatabaseKind = TEST_DATABASE_URL ? "postgres" : "pglite";
export const TEST_DATABASES: TestDatabaseKind[] = [DEFAULT_TEST_DATABASE];

/**
 * The databases of suites whose subject is where the two engines differ: PGlite is one session in one
 * process, PostgreSQL many (leases and `SKIP LOCKED`, concurrent requests, processes sharing a database,
 * index builds, bulk imports through the worker thread): PGlite always, PostgreSQL too when
 * `TEST_DATABASE_URL` is set. A suite whose subject is what a query answers (pages, feeds, figures,
 * triggers, erasure) runs once, on `TEST_DATABASES`: both engines are PostgreSQL's own parser and
 * executor, and CI's server is the older one (15, PGlite 17), so a query that only the newer answers
 * fails there.
 */
export const SQL_TEST_DATABASES: TestDatabaseKind[] = TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase {
  database: Database;
  /** Closes it (the run's end drops a PostgreSQL one). */
  dispose(): Promise<void>;
}

/**
 * A fresh in-memory PGlite on its worker thread (as the server opens it), or a fresh
 * `certavis_test_<random>` database on the test server, both already migrated (copies of a template
 * made once per migrations content).
 */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite" || !TEST_DATABASE_URL) {
    // PGLITE_THREAD=0 runs the suites on PGlite on this thread, as the server then does.
    const database =
      process.env.PGLITE_THREAD === "0"
        ? wrapPglite(await freshPglite())
        : await openPgliteWorkerDatabase({ loadDataDir: await migratedPgliteDump() });
    return { database, dispose: async () => database.close() };
  }
  const url = await createEmptyPostgres(TEST_DATABASE_URL, await migratedTemplate(TEST_DATABASE_URL));
  const database = await openDatabase({ databaseUrl: url, dataDir: null });
  return { database, dispose: async () => database.close() };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * PostgreSQL's "database already exists", and the catalog's unique violation that two renames racing
 * to the same name draw instead (both pass the existence check; seen when three workers of a first run
 * on a new server built the template at once).
 */
const DUPLICATE_DATABASE = new Set(["42P04", "23505"]);

let template: Promise<string> | null = null;

/**
 * `certavis_template_<migrations hash>` on `serverUrl`, migrated: made once (by whichever test process
 * gets there first; the others' copies are dropped) and copied by each suite, since migrating a
 * database costs seconds and copying one a tenth of that.
 */
export function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `certavis_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (found.rowCount) return name;
      const building = `certavis_building_${randomBytes(6).toString("hex")}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, building), dataDir: null });
      await database.migrate();
      await buildConcurrentIndexes(database, CONCURRENT_INDEXES);
      await database.close();
      try {
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (error) {
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        if (!DUPLICATE_DATABASE.has((error as { code?: string }).code ?? "")) throw error;
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  return template;
}

/**
 * A fresh database on `serverUrl` (empty, or a copy of `templateName`) and its URL. The run's teardown
 * drops it (`test/postgres-run-setup.ts`): a suite only closes its connections.
 */
export async function createEmptyPostgres(serverUrl: string, templateName?: string): Promise<string> {
  const name = runDatabaseName();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    templateName ? `CREATE DATABASE ${name} TEMPLATE ${templateName}` : `CREATE DATABASE ${name}`,
  );
  await admin.end();
  return databaseUrl(serverUrl, name);
}
