import { randomUUID } from "node:crypto";
import { yieldToLoop } from "../yield-to-loop";
import { AbortedError, batchedRenewal, keepLeased, messageOf, runLeasedJob } from "./job";
import { type LeasedTable, leaseRows, lockExpiredLeases } from "./lease";
import type { Counts, LeasedQueue, LeasedQueueOptions } from "./options";
import { wakeableSleep } from "./wakeable-sleep";

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
  const { sleep, wake } = wakeableSleep();
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

  /** Claims up to `places` rows and starts their jobs; null when nothing was due. */
  async function claimAndStart(places: number) {
    const batch = await claim(places);
    if (batch === null) return null;
    const { token, jobs, counts } = batch;
    const unfinished = new Set(jobs);
    const stopRenewing = keepLeased(db, table, leaseMs, unfinished, token, (error) =>
      log(`${options.name} lease renewal failed`, { error: messageOf(error) }),
    );
    try {
      await options.afterClaim?.(jobs);
    } catch (error) {
      stopRenewing();
      throw error;
    }
    const renew = batchedRenewal(db, table, leaseMs, token);
    const lease = { token, signal: abortController.signal };
    const started = jobs.map((job) =>
      runLeasedJob(db, table, leaseMs, options, job, lease, renew).finally(() => unfinished.delete(job)),
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
