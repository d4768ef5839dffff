import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailDeliveries } from "../../db/schema";
import type { KeyRing } from "../../lib/keyring";
import { yieldToLoop } from "../../lib/yield-to-loop";
import type { Mailer, MailMessage } from "../../mail/mailer";
import { type Clock, systemClock } from "./clock";
import { leaseDeliveries, lockDueDeliveries, renewLeases } from "./mail-claim";
import { applyEmailQuota } from "./mail-quota";
import { type MailLinks, renderDeliveries } from "./mail-render";
import { LEASE_MS } from "./mail-rules";
import { AbortedError, type ClaimedDelivery, type DeliveryOutcome, deliver } from "./mail-send";
import { keepReviewKeysValid } from "./review-key-expiry";

export { backoffMs, LEASE_MS, MAX_ATTEMPTS } from "./mail-rules";
export type { DeliveryOutcome } from "./mail-send";
export type OutcomeCounts = Record<DeliveryOutcome, number>;

export interface MailWorkerOptions {
  db: Db;
  mailer: Mailer;
  /** Origin of the review form (`FORM_URL`). */
  formUrl: string;
  /** Origin of the widget and its procedure page (`WIDGET_URL`); defaults to `formUrl`. */
  widgetUrl?: string;
  /** Origin of the API (`PUBLIC_URL`), for the unsubscribe link; defaults to `formUrl`. */
  publicUrl?: string;
  /** The secret(s) review keys derive from, newest first (a function: read when each mail is made). */
  reviewKeySecret: string | Uint8Array | (() => readonly (string | Uint8Array)[]);
  /** The server keys (a function: loaded once the database is), for the suppression list's hashes. */
  keys: () => KeyRing;
  /** The absolute URL of a product's stored image, for the order e-mails listing products. */
  imageUrl?: (path: string | null) => string | null;
  /** When e-mails are due (tests move it through days); leases always run on the database's clock. */
  clock?: Clock;
  /** Parallel claim loops (PostgreSQL); PGlite is one session, keep 1. */
  concurrency?: number;
  /** E-mails claimed per transaction, then sent in parallel. */
  batchSize?: number;
  pollIntervalMs?: number;
  log?: (message: string, extra?: Record<string, unknown>) => void;
  /** What the operators must act on (the SMTP server refusing our mails): logged at error level. */
  alert?: (message: string, extra?: Record<string, unknown>) => void;
  /** Jobs are claimed only once this says the database is migrated. */
  isReady?: () => boolean;
  /** The lease (tests shorten it); renewed every third of it while sending. */
  leaseMs?: number;
}

export interface MailWorker {
  start(): void;
  /** Graceful by default (in-flight sends finish); `abort` abandons them: their lease runs out. */
  stop(options?: { abort?: boolean }): Promise<void>;
  /** Claims and handles one batch of due e-mails; null when nothing is due. */
  runOnce(): Promise<OutcomeCounts | null>;
  /** Handles due e-mails until none is left (tests, benchmarks). */
  drain(): Promise<OutcomeCounts>;
  /** Wakes the polling loops (an e-mail became due now). */
  notify(): void;
}

const DEFAULT_BATCH_SIZE = 50;
const noOutcomes = (): OutcomeCounts => ({ sent: 0, held: 0, cancelled: 0, retry: 0, dead: 0 });

function abortedPromise(signal: AbortSignal): Promise<never> {
  const promise = new Promise<never>((_, reject) => {
    signal.addEventListener("abort", () => reject(new AbortedError()), { once: true });
  });
  promise.catch(() => {});
  return promise;
}

/**
 * The one durable e-mail queue (`email_deliveries`; ARCHITECTURE §6): every e-mail of the server.
 * A short transaction claims a batch of due rows (mail-claim.ts), renders them or cancels the ones
 * with nothing left to say (mail-render.ts), takes the quota (mail-quota.ts: over it, held) and
 * leases the rest to this claim; the e-mails are then sent in parallel (mail-send.ts) and each is
 * marked `sent` as soon as the SMTP server accepts it. A worker that dies mid-send leaves its rows
 * `sending`: once the lease runs out another worker sends them. Only an e-mail accepted in the instant
 * before its `sent` mark could go out twice. Failures come back with backoff, then end `failed`.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, mailer } = options;
  const secrets = options.reviewKeySecret;
  const links: MailLinks = {
    formUrl: options.formUrl,
    widgetUrl: options.widgetUrl ?? options.formUrl,
    publicUrl: options.publicUrl ?? options.formUrl,
    reviewKeySecrets: typeof secrets === "function" ? secrets : () => [secrets],
    keys: options.keys,
    ...(options.imageUrl ? { imageUrl: options.imageUrl } : {}),
  };
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const log = options.log ?? (() => {});
  const alert = options.alert ?? log;
  const isReady = options.isReady ?? (() => true);
  const leaseMs = options.leaseMs ?? LEASE_MS;
  let running = false;
  let abortController = new AbortController();
  let loops: Promise<void>[] = [];
  const wakers = new Set<() => void>();
  /** Rejects once stop({ abort: true }) is called: one listener for every send in flight. */
  let aborted = abortedPromise(abortController.signal);

  function sendAbortable(message: MailMessage): Promise<void> {
    if (abortController.signal.aborted) return Promise.reject(new AbortedError());
    return Promise.race([mailer.send(message), aborted]);
  }

  /** One short transaction: claim, render or cancel, apply the quota, lease the batch. */
  async function claim(
    counts: OutcomeCounts,
  ): Promise<{ token: string; at: Date; claimed: ClaimedDelivery[] } | null> {
    return db.transaction(async (tx) => {
      const at = now();
      const rows = await lockDueDeliveries(tx, at, batchSize);
      if (rows.length === 0) return null;
      const { rendered, cancelled } = await renderDeliveries(tx, rows, links);
      for (const [reason, ids] of cancelled) {
        await tx
          .update(emailDeliveries)
          .set({ status: "cancelled", lastError: reason, leaseUntil: null, leaseToken: null })
          .where(inArray(emailDeliveries.id, ids));
        counts.cancelled += ids.length;
      }
      const { granted, held } = await applyEmailQuota(tx, rendered, at);
      for (const [companyId, count] of held) {
        log("e-mails held by the monthly quota", { companyId, count });
        counts.held += count;
      }
      const token = randomUUID();
      await leaseDeliveries(
        tx,
        granted.map((item) => item.row.id),
        token,
        leaseMs,
      );
      return {
        token,
        at,
        claimed: granted.map((item) => ({ ...item, token, attempts: item.row.attempts + 1 })),
      };
    });
  }

  /** Renews the claim's leases of the e-mails still being sent every third of the lease. */
  function keepLeased(sending: Set<ClaimedDelivery>, token: string): () => void {
    let renewal: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      renewal = renewal
        .then(async () => {
          const items = [...sending];
          const ours = await renewLeases(
            db,
            items.map((item) => item.row.id),
            token,
            leaseMs,
          );
          // Claimed again by another worker: no more renewals for it.
          for (const item of items) if (!ours.has(item.row.id)) sending.delete(item);
        })
        .catch((error: unknown) =>
          log("mail lease renewal failed", { error: error instanceof Error ? error.message : String(error) }),
        );
    }, leaseMs / 3);
    return () => clearInterval(timer);
  }

  async function runOnce(): Promise<OutcomeCounts | null> {
    const counts = noOutcomes();
    const batch = await claim(counts);
    if (batch === null) return null;
    const { token, at, claimed } = batch;
    // After the claim, not inside it: the claim locks e-mails, then this locks orders; an erasure or the
    // retention locks orders, then cancels their e-mails. In one transaction the two orders deadlocked.
    await keepReviewKeysValid(
      db,
      claimed.flatMap((item) => item.reviewKeyOrderIds),
      at,
    );
    const sending = new Set(claimed);
    const stopRenewing = keepLeased(sending, token);
    let outcomes: PromiseSettledResult<DeliveryOutcome>[];
    try {
      outcomes = await Promise.allSettled(
        claimed.map(async (item) => {
          try {
            return await deliver(db, item, sendAbortable, now, log, alert, options.keys());
          } finally {
            sending.delete(item);
          }
        }),
      );
    } finally {
      stopRenewing();
    }
    for (const outcome of outcomes) {
      if (outcome.status === "fulfilled") counts[outcome.value] += 1;
      else throw outcome.reason;
    }
    return counts;
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

  async function loop(): Promise<void> {
    while (running) {
      let outcome: OutcomeCounts | null = null;
      try {
        if (isReady()) outcome = await runOnce();
      } catch (error) {
        if (error instanceof AbortedError) return;
        log("mail worker error", { error: error instanceof Error ? error.message : String(error) });
      }
      if (outcome === null && running) await sleep(pollIntervalMs);
      // A batch with nothing to send (held by the quota, cancelled) does no I/O: on PGlite, whose
      // queries resolve without leaving the thread, batch after batch would hold every request.
      else await yieldToLoop();
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      abortController = new AbortController();
      aborted = abortedPromise(abortController.signal);
      loops = Array.from({ length: concurrency }, () => loop());
    },
    async stop(stopOptions) {
      running = false;
      if (stopOptions?.abort) abortController.abort();
      for (const w of [...wakers]) w();
      await Promise.allSettled(loops);
      loops = [];
    },
    runOnce,
    async drain() {
      const total = noOutcomes();
      for (;;) {
        const counts = await runOnce();
        if (counts === null) return total;
        for (const key of Object.keys(total) as DeliveryOutcome[]) total[key] += counts[key];
      }
    },
    notify() {
      for (const w of [...wakers]) w();
    },
  };
}
