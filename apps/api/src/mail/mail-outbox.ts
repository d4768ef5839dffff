import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { outboxMails } from "../db/schema";
import type { Mailer, MailMessage } from "./mailer";

/** Same lease as the order e-mails (pipeline/mail-worker.ts): renewed while sending. */
export const OUTBOX_LEASE_MS = 30_000;
const MAX_ATTEMPTS = 8;
const BATCH = 20;

/** Retry delay after `attempts` failures: 10 s doubling, at most 30 min. */
function backoffMs(attempts: number): number {
  return Math.min(30 * 60_000, 10_000 * 2 ** Math.max(0, attempts - 1));
}

/** Queues an e-mail (in the caller's transaction when given one); a worker sends it. */
export async function enqueueMail(db: DbOrTx, message: MailMessage): Promise<void> {
  await db.insert(outboxMails).values({ message });
}

export interface MailOutboxWorker {
  start(): void;
  /** Stops polling and waits for the sends in flight. */
  stop(): Promise<void>;
  /** A mail was queued: look now. */
  notify(): void;
  /** Sends every due mail (tests). */
  drain(): Promise<number>;
}

/**
 * Sends the queued e-mails: claims due rows (`FOR UPDATE SKIP LOCKED`, and rows whose lease ran out:
 * a dead instance's), leases them for OUTBOX_LEASE_MS renewed every third of it while sending,
 * marks each `sent` when the SMTP server accepted it; failures come back with backoff.
 */
export function createMailOutboxWorker(options: {
  db: Db;
  mailer: Mailer;
  isReady: () => boolean;
  pollIntervalMs?: number;
  leaseMs?: number;
  log?: (message: string, extra?: Record<string, unknown>) => void;
}): MailOutboxWorker {
  const { db, mailer } = options;
  const leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const log = options.log ?? (() => {});
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function claim(): Promise<
    Array<{ id: string; message: MailMessage; attempts: number; lease: Date }>
  > {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outboxMails.id, message: outboxMails.message, attempts: outboxMails.attempts })
        .from(outboxMails)
        .where(
          or(
            and(eq(outboxMails.status, "pending"), lte(outboxMails.scheduledAt, sql`now()`)),
            and(eq(outboxMails.status, "sending"), lte(outboxMails.leaseUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(outboxMails.scheduledAt))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      const lease = new Date(Date.now() + leaseMs);
      await tx
        .update(outboxMails)
        .set({ status: "sending", leaseUntil: lease, attempts: sql`${outboxMails.attempts} + 1` })
        .where(
          inArray(
            outboxMails.id,
            due.map((row) => row.id),
          ),
        );
      return due.map((row) => ({ ...row, attempts: row.attempts + 1, lease }));
    });
  }

  async function runOnce(): Promise<number> {
    const claimed = await claim();
    if (claimed.length === 0) return 0;
    const ids = new Set(claimed.map((item) => item.id));
    let renewal: Promise<unknown> = Promise.resolve();
    const renewer = setInterval(() => {
      renewal = renewal.then(() =>
        ids.size
          ? db
              .update(outboxMails)
              .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000}::double precision)` })
              .where(and(inArray(outboxMails.id, [...ids]), eq(outboxMails.status, "sending")))
              .catch(() => undefined)
          : undefined,
      );
    }, leaseMs / 3);
    let sent = 0;
    try {
      await Promise.all(
        claimed.map(async (item) => {
          try {
            await mailer.send(item.message);
            ids.delete(item.id);
            await renewal;
            await db
              .update(outboxMails)
              .set({ status: "sent", sentAt: sql`now()`, leaseUntil: null, lastError: null })
              .where(eq(outboxMails.id, item.id));
            sent += 1;
          } catch (error) {
            ids.delete(item.id);
            await renewal;
            const message = error instanceof Error ? error.message : String(error);
            const dead = item.attempts >= MAX_ATTEMPTS;
            await db
              .update(outboxMails)
              .set({
                status: dead ? "failed" : "pending",
                leaseUntil: null,
                lastError: message.slice(0, 500),
                scheduledAt: new Date(Date.now() + backoffMs(item.attempts)),
              })
              .where(eq(outboxMails.id, item.id));
            log("mail not sent", {
              subject: item.message.subject,
              attempts: item.attempts,
              dead,
              error: message,
            });
          }
        }),
      );
    } finally {
      clearInterval(renewer);
    }
    return sent;
  }

  async function poll(): Promise<void> {
    while (running) {
      let claimedSome = false;
      try {
        if (options.isReady()) claimedSome = (await runOnce()) > 0;
      } catch (error) {
        log("mail outbox error", { error: error instanceof Error ? error.message : String(error) });
      }
      if (!claimedSome && running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, pollIntervalMs);
          function done() {
            clearTimeout(timer);
            wake = null;
            resolve();
          }
          wake = done;
        });
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = poll();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
    },
    notify() {
      wake?.();
    },
    async drain() {
      let total = 0;
      for (;;) {
        const sent = await runOnce();
        if (sent === 0) return total;
        total += sent;
      }
    },
  };
}
