import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase, wrapPglite } from "../../src/db/client";
import { TEST_DATABASE_URL, type TestDatabaseKind } from "../helpers";
import { createEmptyPostgres, migratedTemplate } from "../helpers/databases";
import { openMigratedPgliteFolder } from "../helpers/pglite-template";

/** A migrated database that other processes can open too (PGlite in a folder, or a fresh PG database). */
export interface SharedDatabase {
  /** How a worker process reaches it (`DATABASE_URL` or `PGLITE_DIR`). */
  env: Record<string, string>;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

export async function createSharedDatabase(kind: TestDatabaseKind): Promise<SharedDatabase> {
  const serverUrl = TEST_DATABASE_URL;
  if (kind === "postgres" && serverUrl) {
    const databaseUrl = await createEmptyPostgres(serverUrl, await migratedTemplate(serverUrl));
    return {
      env: { DATABASE_URL: databaseUrl },
      open: () => openDatabase({ databaseUrl, dataDir: null }),
      dispose: async () => undefined, // the run's end drops it
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "certavis-pglite-"));
  // The migrated template (initdb and migrations cost tens of seconds) written into the folder, kept
  // open for the first open(): a PGlite start less.
  let written: Database | null = wrapPglite(await openMigratedPgliteFolder(dataDir));
  return {
    env: { PGLITE_DIR: dataDir },
    async open() {
      const database = written ?? (await openDatabase({ databaseUrl: null, dataDir }));
      written = null;
      return database;
    },
    async dispose() {
      await written?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
