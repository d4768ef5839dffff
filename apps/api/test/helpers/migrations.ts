import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../../src/paths";
import { createEmptyPostgres, TEST_DATABASE_URL } from "./databases";
import { freshPglite } from "./pglite-template";

/** The migrations folder as it was up to migration `last` (its journal cut there), for a migration's own test. */
export function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(join(tmpdir(), "certavis-migrations-"));
  mkdirSync(join(dir, "meta"));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(join(dir, "meta/_journal.json"), JSON.stringify(journal));
  for (const file of readdirSync(MIGRATIONS_DIR))
    if (file.endsWith(".sql")) copyFileSync(join(MIGRATIONS_DIR, file), join(dir, file));
  return dir;
}

/** A new, empty database of `kind` and the way to migrate it with a given folder. */
export async function emptyDatabase(kind: string) {
  if (kind === "postgres" && TEST_DATABASE_URL) {
    const url = await createEmptyPostgres(TEST_DATABASE_URL);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const db = drizzlePg({ client: pool });
    return {
      execute: async (query: SQL) => (await db.execute(query)).rows as Record<string, unknown>[],
      migrate: (migrationsFolder: string) => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  // The migrated template emptied (an initdb costs seconds; loading the template about one).
  const pglite = await freshPglite();
  await pglite.exec("DROP SCHEMA public CASCADE; CREATE SCHEMA public; DROP SCHEMA drizzle CASCADE;");
  const db = drizzlePglite({ client: pglite });
  return {
    execute: async (query: SQL) => (await db.execute(query)).rows as Record<string, unknown>[],
    migrate: (migrationsFolder: string) => migratePglite(db, { migrationsFolder }),
    close: () => pglite.close(),
  };
}
