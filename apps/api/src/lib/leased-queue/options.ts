import type { SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import type { LeasedTable } from "./lease";

export type Log = (message: string, extra?: Record<string, unknown>) => void;
export type Counts<Outcome extends string> = Record<Outcome, number>;

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

/** The work of one leased job, with the hooks of its queue (`lost`, `work`). */
export type JobHooks<T extends LeasedTable, Job extends { id: string }, Outcome extends string> = Pick<
  LeasedQueueOptions<T, Job, Outcome>,
  "lost" | "work"
>;
