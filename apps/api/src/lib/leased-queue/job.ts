import type { Db } from "../../db/client";
import { type LeasedTable, recordWhileLeased, renewLeases } from "./lease";
import type { JobHooks, JobLease } from "./options";

/** Thrown by work abandoned by `stop({ abort: true })`: nothing is recorded, the lease runs out. */
export class AbortedError extends Error {
  constructor() {
    super("queue worker stopped");
  }
}

/** `work` racing `stop({ abort: true })`: rejects with `AbortedError` once the signal is aborted. */
export function unlessAborted<R>(signal: AbortSignal, work: Promise<R>): Promise<R> {
  if (signal.aborted) return Promise.reject(new AbortedError());
  return new Promise<R>((resolve, reject) => {
    const abort = () => reject(new AbortedError());
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/**
 * Runs one claimed job: the last check before the work's side effect, which also renews the lease
 * (a row cancelled or taken over since the claim is left alone: `lost`), the work, then its record,
 * only while `lease.token` still holds the row. The job's outcome; null when lost and not counted.
 */
export async function runLeasedJob<T extends LeasedTable, Job extends { id: string }, Outcome extends string>(
  db: Db,
  table: T,
  leaseMs: number,
  hooks: JobHooks<T, Job, Outcome>,
  job: Job,
  lease: JobLease,
  renew: (id: string) => Promise<boolean> = async (id) =>
    (await renewLeases(db, table, [id], lease.token, leaseMs)).has(id),
): Promise<Outcome | null> {
  if (!(await renew(job.id))) return (await hooks.lost?.(job)) ?? null;
  const finished = await hooks.work(job, lease);
  const { andThen } = finished;
  // A record alone is one statement (atomic by itself): no transaction's two more round trips, which
  // the mail queue pays for every e-mail it sends.
  if (!andThen) {
    await recordWhileLeased(db, table, job.id, lease.token, finished.record);
    return finished.outcome;
  }
  let outcome = finished.outcome;
  await db.transaction(async (tx) => {
    if (!(await recordWhileLeased(tx, table, job.id, lease.token, finished.record))) return;
    outcome = (await andThen(tx)) ?? outcome;
  });
  return outcome;
}

/**
 * The last check of each job of one claim before its work, batched: the checks asked in the same tick,
 * or while one statement is out, go in the next statement together (a claim of 50 e-mails renews its
 * 50 leases in one or two statements, not 50, each still just before its own e-mail goes).
 */
export function batchedRenewal(
  db: Db,
  table: LeasedTable,
  leaseMs: number,
  token: string,
): (id: string) => Promise<boolean> {
  let queued: { id: string; resolve: (held: boolean) => void; reject: (error: unknown) => void }[] = [];
  let flushing = false;
  async function flush() {
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      try {
        const ours = await renewLeases(
          db,
          table,
          batch.map((entry) => entry.id),
          token,
          leaseMs,
        );
        for (const entry of batch) entry.resolve(ours.has(entry.id));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    flushing = false;
  }
  return (id) =>
    new Promise<boolean>((resolve, reject) => {
      queued.push({ id, resolve, reject });
      if (flushing) return;
      flushing = true;
      queueMicrotask(() => void flush());
    });
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Renews the leases of the claim `token` on its jobs still running every third of the lease; a job
 * whose row is no longer the claim's (taken over by another worker, or finished) drops out. Stops
 * with the function it returns.
 */
export function keepLeased(
  db: Db,
  table: LeasedTable,
  leaseMs: number,
  unfinished: Set<{ id: string }>,
  token: string,
  onError: (error: unknown) => void,
): () => void {
  let renewal: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewal = renewal
      .then(async () => {
        const jobs = [...unfinished];
        const ours = await renewLeases(
          db,
          table,
          jobs.map((job) => job.id),
          token,
          leaseMs,
        );
        for (const job of jobs) if (!ours.has(job.id)) unfinished.delete(job);
      })
      .catch(onError);
  }, leaseMs / 3);
  return () => clearInterval(timer);
}
