/**
 * What the server's thread and the PGlite worker (pglite-worker.ts) say to each other. Types only:
 * the worker runs as plain Node (type stripping), so it imports nothing but packages and these types.
 */

/** How the worker opens its PGlite. */
export interface PgliteWorkerData {
  /** A data folder; `null`: in memory. */
  dataDir: string | null;
  /** A dump (`dumpDataDir`) to start from (tests' migrated template). */
  loadDataDir: Blob | null;
  /** initdb's parameters for a new database (`--wal-segsize=1`...). */
  initDbStartParams: string[] | null;
}

/** Query options that can cross the thread (PGlite's parsers are functions: only their type ids do). */
export interface WireQueryOptions {
  rowMode?: "array" | "object";
  paramTypes?: number[];
  /** Types whose values come back as PostgreSQL's text: the caller's parsers read them on its side. */
  rawTypes?: number[];
}

export type WorkerRequest =
  | { id: number; op: "query"; tx: number | null; text: string; params: unknown[]; options: WireQueryOptions }
  | { id: number; op: "exec"; tx: number | null; text: string; options: WireQueryOptions }
  | { id: number; op: "begin" }
  | { id: number; op: "rollback"; tx: number }
  /** The caller's callback is over: commit (`failed: false`) or roll back and report nothing. */
  | { id: number; op: "end"; tx: number; failed: boolean }
  | { id: number; op: "dump" }
  | { id: number; op: "close" };

/** An error with its own fields (PostgreSQL's code, constraint, detail...), and which class it was. */
export interface WireError {
  kind: "database" | "aborted" | "error";
  message: string;
  stack: string | undefined;
  fields: Record<string, unknown>;
}

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError };
