import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS, wrapPglite } from "../../src/db/client";
import { buildConcurrentIndexes, CONCURRENT_INDEXES } from "../../src/db/concurrent-indexes";
import { MIGRATIONS_DIR } from "../../src/paths";

/**
 * PGlite's initdb costs seconds; a migrated database dumped once (per migrations content, in the OS
 * temp folder) loads in about one. Every test suite gets its own fresh copy.
 */
export function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    if (file.endsWith(".sql") || file.endsWith(".json"))
      hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  }
  // The indexes built after the migrations are part of a migrated database too.
  hash.update(JSON.stringify(CONCURRENT_INDEXES));
  return hash.digest("hex").slice(0, 16);
}

let template: Promise<Blob> | null = null;

/** initdb's default is 16 MB: with 1 MB the dump every suite loads is a quarter smaller (loads 1.7 → 1.1 s). */
const WAL_SEGMENT_MB = 1;

async function loadTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `certavis-pglite-template-${migrationsHash()}-wal${WAL_SEGMENT_MB}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = wrapPglite(
    await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      initDbStartParams: [`--wal-segsize=${WAL_SEGMENT_MB}`],
    }),
  );
  await database.migrate();
  await buildConcurrentIndexes(database, CONCURRENT_INDEXES);
  const dump = await (database.pglite as PGlite).dumpDataDir("none");
  await database.close();
  const partial = `${file}.${randomBytes(4).toString("hex")}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

/** The migrated database's dump (made once per migrations content). */
export function migratedPgliteDump(): Promise<Blob> {
  template ??= loadTemplate();
  return template;
}

/**
 * The migrated database written into the folder `dataDir` (as a server or another process opens it from
 * DATA_DIR), instead of the seconds of initdb and migrations its first opening would cost; open on this
 * thread.
 */
export async function openMigratedPgliteFolder(dataDir: string): Promise<PGlite> {
  return PGlite.create({ dataDir, loadDataDir: await migratedPgliteDump(), extensions: PGLITE_EXTENSIONS });
}

/** `openMigratedPgliteFolder`, closed. */
export async function migratedPgliteFolder(dataDir: string): Promise<void> {
  await (await openMigratedPgliteFolder(dataDir)).close();
}

/** A fresh copy of the migrated database on this thread (the server's is on its worker thread). */
export async function freshPglite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await migratedPgliteDump(), extensions: PGLITE_EXTENSIONS });
}
