import { Worker } from "node:worker_threads";
import {
  messages,
  type QueryOptions,
  type Results,
  type Transaction,
  TransactionAbortedError,
} from "@electric-sql/pglite";
import type {
  PgliteWorkerData,
  WireError,
  WireQueryOptions,
  WorkerReply,
  WorkerRequest,
} from "./pglite-protocol";

/** What the server uses of a PGlite: the same calls whether it runs on this thread or on its own. */
export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  /** The database as a tar (PGlite's `dumpDataDir`). */
  dumpDataDir(compression?: "none"): Promise<File | Blob>;
  close(): Promise<void>;
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

/** The worker's script: its TypeScript source under the sources (tests, tsx), its bundle in dist. */
function workerUrl(): URL {
  const source = import.meta.url.endsWith(".ts");
  return new URL(source ? "./pglite-worker.ts" : "./pglite-worker.js", import.meta.url);
}

/** PGlite's error classes put back on an error that crossed the thread, with all its fields. */
function rebuiltError(wire: WireError, options: QueryOptions | undefined): Error {
  const prototype =
    wire.kind === "aborted"
      ? TransactionAbortedError.prototype
      : wire.kind === "database"
        ? messages.DatabaseError.prototype
        : Error.prototype;
  const error = Object.create(prototype) as Error;
  Object.defineProperty(error, "message", { value: wire.message, writable: true, configurable: true });
  Object.defineProperty(error, "stack", { value: wire.stack, writable: true, configurable: true });
  Object.assign(error, wire.fields);
  if ("query" in wire.fields) Object.assign(error, { queryOptions: options });
  return error;
}

/** The options that can cross: parsers become the types the worker returns as text, read here. */
function wireOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (!options) return {};
  if (options.serializers || options.blob || options.onNotice)
    throw new Error("PGlite in a worker thread: serializers, blob and onNotice are not supported");
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options.paramTypes ? { paramTypes: options.paramTypes } : {}),
    ...(options.parsers ? { rawTypes: Object.keys(options.parsers).map(Number) } : {}),
  };
}

/** Runs the caller's parsers on the text the worker returned for their types. */
function parsed<T>(result: Results<T>, options: QueryOptions | undefined): Results<T> {
  const parsers = options?.parsers;
  if (!parsers || result.rows.length === 0) return result;
  const columns = result.fields.flatMap((field, index) => {
    const parser = parsers[field.dataTypeID];
    return parser ? [{ index, name: field.name, type: field.dataTypeID, parser }] : [];
  });
  if (columns.length === 0) return result;
  const arrays = options?.rowMode === "array";
  // In object rows a repeated name holds its last column's value (as PGlite builds them).
  const last = new Map(columns.map((column) => [column.name, column]));
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const column of arrays ? columns : last.values()) {
      const key = arrays ? column.index : column.name;
      const value = row[key];
      // PGlite gives a parser the type too: (text, typeId).
      if (value !== null && value !== undefined)
        row[key] = (column.parser as (text: string, type: number) => unknown)(value as string, column.type);
    }
  }
  return result;
}

/**
 * Opens PGlite in a worker thread: the server's thread only sends statements and reads their rows,
 * so a long statement (an import's batch, an export's page) never holds `/health/` or `/embed.js`.
 * Errors come back with their PostgreSQL fields and class; PGlite's parsers run in the worker except
 * the caller's own (functions cannot cross), which run here on the text the worker returns.
 */
export async function openPgliteThread(data: PgliteWorkerData): Promise<PgliteClient> {
  const worker = new Worker(workerUrl(), { workerData: data });
  const pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void; options?: QueryOptions }
  >();
  let lastId = 0;
  let failure: Error | null = null;

  const fail = (error: Error) => {
    failure ??= error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    worker.once("error", onError);
    worker.once("message", () => {
      worker.off("error", onError);
      resolve();
    });
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the PGlite worker thread stopped (exit code ${code})`)));
  worker.on("message", (reply: WorkerReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    // Idle, the worker does not keep the process alive (a script that forgets `close` still ends).
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(rebuiltError(reply.error, waiting.options));
  });
  worker.unref();

  const call = <T>(request: Request, options?: QueryOptions): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = ++lastId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, options });
      if (pending.size === 1) worker.ref();
      worker.postMessage({ ...request, id } as WorkerRequest);
    });
  };

  const query = async <T>(tx: number | null, text: string, params: unknown[] = [], options?: QueryOptions) =>
    parsed(
      await call<Results<T>>({ op: "query", tx, text, params, options: wireOptions(options) }, options),
      options,
    );
  const exec = async (tx: number | null, text: string, options?: QueryOptions) => {
    const results = await call<Results[]>({ op: "exec", tx, text, options: wireOptions(options) }, options);
    return results.map((result) => parsed(result, options));
  };

  return {
    query: (text, params, options) => query(null, text, params, options),
    exec: (text, options) => exec(null, text, options),
    async transaction(callback) {
      const id = await call<number>({ op: "begin" });
      let closed = false;
      const open = () => {
        if (closed) throw new Error("Transaction is closed");
      };
      const tx: Transaction = {
        query: async (text, params, options) => {
          open();
          return query(id, text, params, options);
        },
        sql: async () => {
          throw new Error("PGlite in a worker thread: tx.sql is not supported, use tx.query");
        },
        exec: async (text, options) => {
          open();
          return exec(id, text, options);
        },
        rollback: async () => {
          open();
          await call({ op: "rollback", tx: id });
          closed = true;
        },
        listen: async () => {
          throw new Error("PGlite in a worker thread: listen is not supported");
        },
        get closed() {
          return closed;
        },
      };
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback(tx);
      } catch (error) {
        closed = true;
        await call({ op: "end", tx: id, failed: true });
        throw error;
      }
      closed = true;
      // COMMIT: its failure (an aborted transaction) is the caller's error.
      await call({ op: "end", tx: id, failed: false });
      return result;
    },
    dumpDataDir: () => call<Blob>({ op: "dump" }),
    async close() {
      if (!failure) await call({ op: "close" });
      failure ??= new Error("PGlite is closed");
      await worker.terminate();
    },
  };
}
