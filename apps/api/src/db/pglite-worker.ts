import { parentPort, workerData } from "node:worker_threads";
import { messages, PGlite, type Transaction, TransactionAbortedError } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type {
  PgliteWorkerData,
  WireError,
  WireQueryOptions,
  WorkerReply,
  WorkerRequest,
} from "./pglite-protocol";

/*
 * The embedded database's own thread (started by pglite-thread.ts). It owns the PGlite instance and
 * runs every request as it comes: PGlite's own locks order them exactly as they do on one thread (a
 * query outside a transaction waits for its end; a transaction waits for the one before). Runs as
 * plain Node (type stripping in the sources, its own bundle in dist): packages and types only.
 */

const port = parentPort;
if (!port) throw new Error("pglite-worker runs in a worker thread");
const options = workerData as PgliteWorkerData;

const keepAsText = (value: string) => value;

/** PGlite's options for a wire query: the caller's raw types come back as text. */
function queryOptions(wire: WireQueryOptions) {
  const parsers = wire.rawTypes?.length
    ? Object.fromEntries(wire.rawTypes.map((type) => [type, keepAsText]))
    : undefined;
  return {
    ...(wire.rowMode ? { rowMode: wire.rowMode } : {}),
    ...(wire.paramTypes ? { paramTypes: wire.paramTypes } : {}),
    ...(parsers ? { parsers } : {}),
  };
}

function cloneable(value: unknown): boolean {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}

function wireError(error: unknown): WireError {
  if (!(error instanceof Error))
    return { kind: "error", message: String(error), stack: undefined, fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // The options hold the caller's parsers (functions); the caller puts its own back.
    if (key !== "queryOptions" && cloneable(value)) fields[key] = value;
  }
  const kind =
    error instanceof TransactionAbortedError
      ? "aborted"
      : error instanceof messages.DatabaseError
        ? "database"
        : "error";
  return { kind, message: error.message, stack: error.stack, fields };
}

const pglite = await PGlite.create({
  ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  ...(options.initDbStartParams ? { initDbStartParams: options.initDbStartParams } : {}),
  extensions: { pg_trgm },
});

/** The callback's end, thrown into PGlite's transaction so that it rolls back. */
const CALLER_FAILED = Symbol("caller failed");

interface OpenTransaction {
  tx: Transaction;
  end(failed: boolean): void;
  /** PGlite's `transaction()` settled: null when committed or rolled back as asked. */
  settled: Promise<unknown>;
}
const transactions = new Map<number, OpenTransaction>();
let lastTransaction = 0;

/** Opens a transaction whose statements come by message until `end`; resolves with its id once BEGIN ran. */
function begin(): Promise<number> {
  const id = ++lastTransaction;
  return new Promise((resolve, reject) => {
    let end: (failed: boolean) => void = () => {};
    const ended = new Promise<boolean>((r) => {
      end = r;
    });
    const settled = pglite
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, settled });
        resolve(id);
        if (await ended) throw CALLER_FAILED;
      })
      .then(
        () => null,
        (error: unknown) => {
          if (error === CALLER_FAILED) return null;
          // BEGIN itself failed: the caller is still waiting for its id.
          reject(error);
          throw error;
        },
      )
      .finally(() => transactions.delete(id));
    // Reported to the caller through `end` (or `reject` above), not as an unhandled rejection.
    settled.catch(() => {});
  });
}

function target(tx: number | null): PGlite | Transaction {
  if (tx === null) return pglite;
  const open = transactions.get(tx);
  if (!open) throw new Error("Transaction is closed");
  return open.tx;
}

async function run(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case "query":
      return target(request.tx).query(request.text, request.params, queryOptions(request.options));
    case "exec":
      return target(request.tx).exec(request.text, queryOptions(request.options));
    case "begin":
      return begin();
    case "rollback":
      return (target(request.tx) as Transaction).rollback();
    case "end": {
      const open = transactions.get(request.tx);
      if (!open) return null;
      open.end(request.failed);
      return open.settled;
    }
    case "dump":
      return pglite.dumpDataDir("none");
    case "close":
      await pglite.close();
      return null;
  }
}

function reply(message: WorkerReply): void {
  try {
    port?.postMessage(message);
  } catch (error) {
    // A value the thread cannot carry (a function in a row...): the caller gets the error instead.
    port?.postMessage({ id: message.id, ok: false, error: wireError(error) } satisfies WorkerReply);
  }
}

port.on("message", (request: WorkerRequest) => {
  run(request).then(
    (value) => reply({ id: request.id, ok: true, value }),
    (error: unknown) => reply({ id: request.id, ok: false, error: wireError(error) }),
  );
});
port.postMessage({ ready: true });
