import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "../../src/db/client";
import { TEST_DATABASE_URL, type TestDatabaseKind } from "../helpers";
import { createEmptyPostgres, migratedTemplate } from "../helpers/databases";
import { migratedPgliteFolder } from "../helpers/pglite-template";

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
    const empty = await createEmptyPostgres(serverUrl, await migratedTemplate(serverUrl));
    const databaseUrl = empty.url;
    return {
      env: { DATABASE_URL: databaseUrl },
      open: () => openDatabase({ databaseUrl, dataDir: null }),
      dispose: () => empty.drop(),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "certavis-pglite-"));
  // The migrated template (initdb and migrations cost tens of seconds) written into the folder.
  await migratedPgliteFolder(dataDir);
  return {
    env: { PGLITE_DIR: dataDir },
    open: () => openDatabase({ databaseUrl: null, dataDir }),
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
