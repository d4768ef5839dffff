import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailDeliveries } from "../../db/schema";
import type { KeyRing } from "../../lib/keyring";
import { createLeasedQueue, type LeasedQueue } from "../../lib/leased-queue";
import type { Mailer } from "../../mail/mailer";
import { type Clock, systemClock } from "./clock";
import { lockDueDeliveries } from "./mail-claim";
import { applyEmailQuota } from "./mail-quota";
import { type MailLinks, renderDeliveries } from "./mail-render";
import { LEASE_MS } from "./mail-rules";
import { type ClaimedDelivery, DELIVERY_OUTCOMES, type DeliveryOutcome, mailJob } from "./mail-send";
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

/** Graceful `stop()` by default (in-flight sends finish); `abort` abandons them: their lease runs out. */
export type MailWorker = LeasedQueue<DeliveryOutcome>;

const DEFAULT_BATCH_SIZE = 50;

/**
 * The one durable e-mail queue (`email_deliveries`; ARCHITECTURE §6): every e-mail of the server,
 * a leased queue (lib/leased-queue). Its claim locks due rows (mail-claim.ts), renders them or
 * cancels the ones with nothing left to say (mail-render.ts), takes the quota (mail-quota.ts: over
 * it, held) and leases the rest; the e-mails are then sent in parallel (mail-send.ts) and each is
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
  const log = options.log ?? (() => {});
  const alert = options.alert ?? log;
  return createLeasedQueue({
    db,
    table: emailDeliveries,
    outcomes: DELIVERY_OUTCOMES,
    name: "mail",
    leaseMs: options.leaseMs ?? LEASE_MS,
    batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    concurrency: options.concurrency ?? 1,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    ...(options.isReady ? { isReady: options.isReady } : {}),
    log,
    lockDue: (tx, places) => lockDueDeliveries(tx, now(), places),
    async prepare(tx, rows, claim) {
      const at = now();
      const { rendered, cancelled } = await renderDeliveries(tx, rows, links, at);
      const settled = { cancelled: 0, held: 0 };
      for (const [reason, ids] of cancelled) {
        await tx
          .update(emailDeliveries)
          .set({ status: "cancelled", lastError: reason, leaseUntil: null, leaseToken: null })
          .where(inArray(emailDeliveries.id, ids));
        settled.cancelled += ids.length;
      }
      const { granted, held } = await applyEmailQuota(tx, rendered, at);
      for (const [companyId, count] of held) {
        log("e-mails held by the monthly quota", { companyId, count });
        settled.held += count;
      }
      await claim.lease(granted.map((item) => item.row.id));
      const jobs: ClaimedDelivery[] = granted.map((item) => ({
        ...item,
        id: item.row.id,
        attempts: item.row.attempts + 1,
        claimedAt: at,
      }));
      return { jobs, settled };
    },
    // After the claim, not inside it: the claim locks e-mails, then this locks orders; an erasure or the
    // retention locks orders, then cancels their e-mails. In one transaction the two orders deadlocked.
    async afterClaim(jobs) {
      if (jobs[0])
        await keepReviewKeysValid(
          db,
          jobs.flatMap((job) => job.reviewKeyOrderIds),
          jobs[0].claimedAt,
        );
    },
    ...mailJob({ db, send: (message) => mailer.send(message), now, log, alert, keys: options.keys }),
  });
}
