import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../paths";
import { keepPgliteOnBaselineCompiler } from "./pglite-baseline-compiler";
import type { PgliteWorkerData } from "./pglite-protocol";
import { openPgliteThread, type PgliteClient } from "./pglite-thread";
import * as schema from "./schema";
import { yieldingPglite } from "./yielding-pglite";

/** Extensions the migrations use (pg_trgm: the reviews search); every PGlite must be created with them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: what query helpers take. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The PGlite in embedded mode, on its worker thread or this one (null on PostgreSQL). */
  pglite: PgliteClient | null;
  /** The node-postgres pool in PostgreSQL mode. */
  pool: pg.Pool | null;
  migrate(): Promise<void>;
  /**
   * Runs `task` while holding the PostgreSQL advisory lock `lockId` (a session lock on a connection
   * of its own): instances started together take turns (migrations, demo seed). PGlite is one
   * process: the task simply runs.
   */
  exclusive<T>(lockId: number, task: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when null, PGlite. */
  databaseUrl: string | null;
  /** PGlite data folder; `null` (or "memory://") keeps it in memory (tests). */
  dataDir: string | null;
  /** PGlite's WebAssembly kept on V8's baseline compiler (default true: flat memory; see db/pglite-baseline-compiler.ts). */
  pgliteBaselineCompiler?: boolean;
  /**
   * PGlite on a worker thread of its own (default true; `PGLITE_THREAD=0`: on the server's thread,
   * every statement then holding every request; see db/pglite-thread.ts).
   */
  pgliteThread?: boolean;
}

/** One code path choosing PGlite (embedded, DATA_DIR or memory) or a `pg` Pool (DATABASE_URL). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client killed by the server (restart, failover, DROP DATABASE ... FORCE) emits 'error' on the
    // pool; unhandled, that crashes the process. The pool drops the client and opens a new one when needed.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      pglite: null,
      pool,
      migrate: async () => {
        await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_DIR });
      },
      exclusive: async (lockId, task) => {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [lockId]);
          try {
            return await task();
          } finally {
            await client.query("select pg_advisory_unlock($1)", [lockId]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // V8's flags are the process's: they hold for the worker thread's WebAssembly too.
  if (options.pgliteBaselineCompiler ?? true) keepPgliteOnBaselineCompiler();
  const dataDir = options.dataDir && options.dataDir !== "memory://" ? options.dataDir : null;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  if (options.pgliteThread ?? true) return openPgliteWorkerDatabase({ dataDir });
  const pglite = dataDir
    ? await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS })
    : await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  return wrapPglite(pglite);
}

/** A Database on PGlite in a worker thread (the embedded default); tests start it from a template dump. */
export async function openPgliteWorkerDatabase(data: Partial<PgliteWorkerData>): Promise<Database> {
  const client = await openPgliteThread({
    dataDir: data.dataDir ?? null,
    loadDataDir: data.loadDataDir ?? null,
    initDbStartParams: data.initDbStartParams ?? null,
  });
  return pgliteDatabase(client, client);
}

/** A Database over an already created PGlite on this thread (`PGLITE_THREAD=0`, tests' template). */
export function wrapPglite(pglite: PGlite): Database {
  // Here every statement first gives the event loop back (see yielding-pglite.ts); on the worker
  // thread no statement holds it.
  return pgliteDatabase(pglite, yieldingPglite(pglite));
}

function pgliteDatabase(pglite: PgliteClient, driverClient: PgliteClient): Database {
  // Drizzle's PGlite driver uses query (rows as arrays, its own parsers), exec and transaction.
  const pgliteDb = drizzlePglite({ client: driverClient as PGlite, schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: "pglite",
    pglite,
    pool: null,
    migrate: async () => {
      await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR });
    },
    exclusive: (_lockId, task) => task(),
    close: () => pglite.close(),
  };
}
