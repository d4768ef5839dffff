import { randomUUID } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { yieldToLoop } from "../yield-to-loop";
import { type LeasedTable, leaseRows, lockExpiredLeases, recordWhileLeased, renewLeases } from "./lease";

type Log = (message: string, extra?: Record<string, unknown>) => void;
export type Counts<Outcome extends string> = Record<Outcome, number>;

/** Thrown by work abandoned by `stop({ abort: true })`: nothing is recorded, the lease runs out. */
export class AbortedError extends Error {
  constructor() {
    super("queue worker stopped");
  }
}

/** What a claim gives the queue's own code, inside the claim's transaction. */
export interface ClaimContext {
  token: string;
  /** Leases these locked rows to this claim (status `sending`, the attempt counted). */
  lease(ids: readonly string[]): Promise<void>;
}

/** What a job's work gets: its claim's token and the signal of `stop({ abort: true })`. */
export interface JobLease {
  token: string;
  signal: AbortSignal;
}

/** The end of one job: its row's new state, written only while the claim still holds the lease. */
export interface Finished<T extends LeasedTable, Outcome extends string> {
  outcome: Outcome;
  record: PgUpdateSetSource<T>;
  /** In the recording transaction, once recorded (the row was still this claim's); may change the outcome. */
  andThen?: (tx: Tx) => Promise<Outcome | undefined>;
}

export interface LeasedQueueOptions<
  T extends LeasedTable,
  Job extends { id: string },
  Outcome extends string,
> {
  db: Db;
  table: T;
  /** Every outcome a run counts (its counts start at 0). */
  outcomes: readonly Outcome[];
  /** How long a claimed row belongs to its worker; renewed every third of it while the job runs. */
  leaseMs: number;
  /** Rows claimed per transaction. */
  batchSize: number;
  /** Parallel claim loops (PostgreSQL); PGlite is one session, keep 1. */
  concurrency?: number;
  /**
   * Jobs in flight at once in this worker: the loop claims again as soon as a place is free, without
   * waiting for a batch's slowest job. Without it each loop waits for its whole batch.
   */
  maxInFlight?: number;
  pollIntervalMs: number;
  /** Rows are claimed only once this says the database is migrated. */
  isReady?: () => boolean;
  log: Log;
  /** Names the queue in its logs. */
  name: string;
  /** Narrows the expired leases taken over (webhooks: of enabled endpoints only). */
  expiredWhere?: (tx: Tx) => SQL;
  /** Locks up to `places` due rows, `FOR UPDATE SKIP LOCKED`, in the queue's fair order (lib/fair-turns.ts). */
  lockDue(tx: Tx, places: number): Promise<T["$inferSelect"][]>;
  /**
   * Turns the locked rows (expired leases first) into jobs: leases those to work on through
   * `claim.lease`, settles the others itself (their counts in `settled`).
   */
  prepare(
    tx: Tx,
    rows: T["$inferSelect"][],
    claim: ClaimContext,
  ): Promise<{ jobs: Job[]; settled?: Partial<Counts<Outcome>> }>;
  /** After the claim's transaction, before the jobs run. */
  afterClaim?(jobs: Job[]): Promise<void>;
  /** Just before a job runs, if its row is no longer this claim's (cancelled, taken over): its outcome, if counted. */
  lost?(job: Job): Promise<Outcome | null>;
  /** The job's work (an e-mail sent, a webhook posted), done only while the claim holds its lease. */
  work(job: Job, lease: JobLease): Promise<Finished<T, Outcome>>;
}

export interface LeasedQueue<Outcome extends string> {
  start(): void;
  /** Graceful by default (work under way finishes, nothing new is claimed); `abort` abandons it: its lease runs out. */
  stop(options?: { abort?: boolean }): Promise<void>;
  /** Claims one batch and runs it to the end; null when nothing is due. */
  runOnce(): Promise<Counts<Outcome> | null>;
  /** Runs batches until nothing is due (tests, benchmarks). */
  drain(): Promise<Counts<Outcome>>;
  /** Wakes the sleeping loops (a row became due now). */
  notify(): void;
}

/**
 * A durable queue of rows leased to one worker at a time (ARCHITECTURE §6), shared by the e-mail and
 * the webhook queues. A short transaction locks the rows whose lease ran out, then the due ones
 * (the queue's `lockDue`, companies in turns), and leases them to a new token on the database's
 * clock; the jobs then run outside it. While they do, their leases are renewed every third of the
 * lease (a renewal keeps only the rows still held by the token); just before its work, a job checks
 * and renews its lease once more, and its outcome is written only while the token still holds the row.
 * A worker that dies leaves its rows leased: once the lease runs out another worker takes them.
 */
export function createLeasedQueue<T extends LeasedTable, Job extends { id: string }, Outcome extends string>(
  options: LeasedQueueOptions<T, Job, Outcome>,
): LeasedQueue<Outcome> {
  const { db, table, leaseMs, log } = options;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const batchSize = Math.max(1, options.batchSize);
  const isReady = options.isReady ?? (() => true);
  const zero = () => Object.fromEntries(options.outcomes.map((o) => [o, 0])) as Counts<Outcome>;
  let running = false;
  let abortController = new AbortController();
  let loops: Promise<void>[] = [];
  const wakers = new Set<() => void>();
  const inFlight = new Set<Promise<void>>();

  async function claim(
    places: number,
  ): Promise<{ token: string; jobs: Job[]; counts: Counts<Outcome> } | null> {
    return db.transaction(async (tx) => {
      const expired = await lockExpiredLeases(tx, table, places, options.expiredWhere?.(tx));
      const due = expired.length < places ? await options.lockDue(tx, places - expired.length) : [];
      const rows = [...expired, ...due];
      if (rows.length === 0) return null;
      const token = randomUUID();
      const lease = (ids: readonly string[]) => leaseRows(tx, table, ids, token, leaseMs);
      const { jobs, settled } = await options.prepare(tx, rows, { token, lease });
      const counts = zero();
      for (const [outcome, n] of Object.entries(settled ?? {}) as [Outcome, number][]) counts[outcome] += n;
      return { token, jobs, counts };
    });
  }

  /** Renews the claim's leases of its jobs still running every third of the lease. */
  function keepLeased(unfinished: Set<Job>, token: string): () => void {
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
          // Taken over by another worker, or finished: no more renewals for it.
          for (const job of jobs) if (!ours.has(job.id)) unfinished.delete(job);
        })
        .catch((error: unknown) => log(`${options.name} lease renewal failed`, { error: messageOf(error) }));
    }, leaseMs / 3);
    return () => clearInterval(timer);
  }

  /** Claims up to `places` rows and starts their jobs; null when nothing was due. */
  async function claimAndStart(places: number) {
    const batch = await claim(places);
    if (batch === null) return null;
    const { token, jobs, counts } = batch;
    const unfinished = new Set(jobs);
    const stopRenewing = keepLeased(unfinished, token);
    try {
      await options.afterClaim?.(jobs);
    } catch (error) {
      stopRenewing();
      throw error;
    }
    const started = jobs.map((job) =>
      runLeasedJob(db, table, leaseMs, options, job, { token, signal: abortController.signal }).finally(() =>
        unfinished.delete(job),
      ),
    );
    const settled = Promise.allSettled(started).finally(stopRenewing);
    return { counts, started, settled };
  }

  async function runOnce(): Promise<Counts<Outcome> | null> {
    const batch = await claimAndStart(batchSize);
    if (batch === null) return null;
    const { counts } = batch;
    for (const result of await batch.settled) {
      if (result.status === "rejected") throw result.reason;
      if (result.value !== null) counts[result.value] += 1;
    }
    return counts;
  }

  /** The running loop's step with `maxInFlight`: fills the free places; whether any row was claimed. */
  async function fillPlaces(maxInFlight: number): Promise<boolean> {
    const places = Math.min(batchSize, maxInFlight - inFlight.size);
    if (places <= 0) return false;
    const batch = await claimAndStart(places);
    if (batch === null) return false;
    for (const job of batch.started) {
      const done: Promise<void> = job
        .then(
          () => {},
          (error: unknown) => {
            if (!(error instanceof AbortedError))
              log(`${options.name} job failed`, { error: messageOf(error) });
          },
        )
        .finally(() => {
          inFlight.delete(done);
          // A place is free: claim again.
          wake();
        });
      inFlight.add(done);
    }
    return true;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakers.add(done);
    });
  }

  function wake() {
    for (const w of [...wakers]) w();
  }

  async function loop(): Promise<void> {
    while (running) {
      let claimed = false;
      try {
        if (isReady())
          claimed = options.maxInFlight ? await fillPlaces(options.maxInFlight) : (await runOnce()) !== null;
      } catch (error) {
        if (error instanceof AbortedError) return;
        log(`${options.name} worker error`, { error: messageOf(error) });
      }
      if (!claimed && running) await sleep(options.pollIntervalMs);
      // A batch with nothing to run (all settled in the claim) does no I/O: on PGlite, whose queries
      // resolve without leaving the thread, batch after batch would hold every request.
      else await yieldToLoop();
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      abortController = new AbortController();
      loops = Array.from({ length: concurrency }, () => loop());
    },
    async stop(stopOptions) {
      running = false;
      if (stopOptions?.abort) abortController.abort();
      wake();
      await Promise.allSettled(loops);
      await Promise.allSettled([...inFlight]);
      loops = [];
    },
    runOnce,
    async drain() {
      const total = zero();
      for (;;) {
        const counts = await runOnce();
        if (counts === null) return total;
        for (const key of options.outcomes) total[key] += counts[key];
      }
    },
    notify: wake,
  };
}

/** The work of one leased job, with the hooks of its queue (`lost`, `work`). */
export type JobHooks<T extends LeasedTable, Job extends { id: string }, Outcome extends string> = Pick<
  LeasedQueueOptions<T, Job, Outcome>,
  "lost" | "work"
>;

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
): Promise<Outcome | null> {
  const ours = await renewLeases(db, table, [job.id], lease.token, leaseMs);
  if (!ours.has(job.id)) return (await hooks.lost?.(job)) ?? null;
  const finished = await hooks.work(job, lease);
  let outcome = finished.outcome;
  await db.transaction(async (tx) => {
    if (!(await recordWhileLeased(tx, table, job.id, lease.token, finished.record))) return;
    outcome = (await finished.andThen?.(tx)) ?? outcome;
  });
  return outcome;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `work` racing `stop({ abort: true })`: rejects with `AbortedError` once the signal is aborted. */
export function unlessAborted<R>(signal: AbortSignal, work: Promise<R>): Promise<R> {
  if (signal.aborted) return Promise.reject(new AbortedError());
  return new Promise<R>((resolve, reject) => {
    const abort = () => reject(new AbortedError());
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}
