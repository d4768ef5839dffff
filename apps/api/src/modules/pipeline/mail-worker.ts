import { emailQuotaMessage, planLimits } from "@certavis/domain";
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { companies, emailDeliveries, emailTemplates, orders, products, reviews } from "../../db/schema";
import type { Mailer } from "../../mail/mailer";
import { type Clock, nextMonthStart, systemClock } from "./clock";
import { consumeEmailQuota } from "./email-quota";
import { renderEmail } from "./render-email";
import { deriveReviewKey, reviewUrl } from "./review-key";
import type { EmailKind } from "./schedule";

export const MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 60_000;
const HELD_RECHECK_MS = 60 * 60 * 1000;

export type DeliveryOutcome = "sent" | "held" | "cancelled" | "retry" | "dead";

export interface MailWorkerOptions {
  db: Db;
  mailer: Mailer;
  /** Origin of the review form (`FORM_URL`). */
  formUrl: string;
  /** Secret the review keys are derived from. */
  reviewKeySecret: string | Uint8Array;
  clock?: Clock;
  /** Parallel claim loops (PostgreSQL); PGlite is one session, keep 1. */
  concurrency?: number;
  pollIntervalMs?: number;
  log?: (message: string, extra?: Record<string, unknown>) => void;
  /** Jobs are claimed only once this says the database is migrated. */
  isReady?: () => boolean;
}

export interface MailWorker {
  start(): void;
  /** Graceful by default (in-flight sends finish); `abort` interrupts them, their transaction rolls back. */
  stop(options?: { abort?: boolean }): Promise<void>;
  /** Handles one due delivery; null when nothing is due. */
  runOnce(): Promise<DeliveryOutcome | null>;
  /** Handles due deliveries until none is left (tests, benchmarks). */
  drain(): Promise<Record<DeliveryOutcome, number>>;
  /** Wakes the polling loops (a job became due now). */
  notify(): void;
}

class AbortedError extends Error {
  constructor() {
    super("mail worker stopped");
  }
}

export function backoffMs(attempts: number): number {
  return BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1);
}

/**
 * The durable e-mail queue. Each due `email_deliveries` row is claimed with `FOR UPDATE SKIP LOCKED`
 * and handled in ONE transaction that renders, sends and marks it sent (and counts the quota): a
 * worker that dies mid-send rolls everything back and the row is sent later by another worker, while
 * a parallel worker never sees a row that is being sent. The only duplicate window left is between
 * the SMTP server's acceptance and the commit.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, mailer, formUrl, reviewKeySecret } = options;
  const clock = options.clock ?? systemClock;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const log = options.log ?? (() => {});
  const isReady = options.isReady ?? (() => true);
  let running = false;
  let abortController = new AbortController();
  let loops: Promise<void>[] = [];
  const wakers = new Set<() => void>();

  function sendAbortable(message: Parameters<Mailer["send"]>[0]): Promise<void> {
    const signal = abortController.signal;
    if (signal.aborted) return Promise.reject(new AbortedError());
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(new AbortedError());
      signal.addEventListener("abort", onAbort, { once: true });
      mailer.send(message).then(
        () => {
          signal.removeEventListener("abort", onAbort);
          if (signal.aborted) reject(new AbortedError());
          else resolve();
        },
        (error: unknown) => {
          signal.removeEventListener("abort", onAbort);
          reject(error);
        },
      );
    });
  }

  async function pickTemplate(tx: Tx, companyId: string, kind: EmailKind, preferredId: string | null) {
    if (preferredId) {
      const [own] = await tx
        .select()
        .from(emailTemplates)
        .where(and(eq(emailTemplates.id, preferredId), eq(emailTemplates.companyId, companyId)));
      if (own) return own;
    }
    const [fallback] = await tx
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.companyId, companyId), eq(emailTemplates.type, kind)))
      .orderBy(desc(emailTemplates.isDefault), asc(emailTemplates.createdAt))
      .limit(1);
    return fallback ?? null;
  }

  async function handle(tx: Tx): Promise<DeliveryOutcome | null> {
    const now = clock.now();
    const [delivery] = await tx
      .select()
      .from(emailDeliveries)
      .where(
        and(
          inArray(emailDeliveries.status, ["scheduled", "held"]),
          lte(emailDeliveries.scheduledAt, sql`${now.toISOString()}::timestamptz`),
        ),
      )
      .orderBy(asc(emailDeliveries.scheduledAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!delivery) return null;
    const kind = delivery.kind as EmailKind;
    const [row] = await tx
      .select({ order: orders, product: products, company: companies })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .where(eq(orders.id, delivery.orderId));
    const cancel = async (reason: string): Promise<DeliveryOutcome> => {
      await tx
        .update(emailDeliveries)
        .set({ status: "cancelled", lastError: reason })
        .where(eq(emailDeliveries.id, delivery.id));
      return "cancelled";
    };
    if (!row) return cancel("commande introuvable");
    const { order, product, company } = row;
    if (kind !== "thanks") {
      const [review] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.orderId, order.id))
        .limit(1);
      if (review || order.reviewKeyUsedAt) return cancel("avis déjà déposé");
      if (kind === "reminder" && !product.sendReminder) return cancel("relance désactivée");
    }
    const preferred =
      kind === "request"
        ? product.emailRequestTemplateId
        : kind === "reminder"
          ? product.emailReminderTemplateId
          : null;
    const template = await pickTemplate(tx, company.id, kind, preferred);
    if (!template) return cancel("aucun modèle d'email");

    if (!(await consumeEmailQuota(tx, company.id, company.planType, now))) {
      const limit = planLimits(company.planType).max_emails_per_month ?? 0;
      // Looked at again within the hour (a plan upgrade releases it), at the latest when the month turns.
      const retryAt = new Date(Math.min(nextMonthStart(now).getTime(), now.getTime() + HELD_RECHECK_MS));
      await tx
        .update(emailDeliveries)
        .set({ status: "held", scheduledAt: retryAt, lastError: emailQuotaMessage(limit) })
        .where(eq(emailDeliveries.id, delivery.id));
      return "held";
    }

    const key = deriveReviewKey(reviewKeySecret, order.id);
    const rendered = renderEmail(template, {
      nom_entreprise: company.name,
      nom_produit: product.name,
      prenom_acheteur: order.buyerFirstName,
      nom_acheteur: order.buyerLastName,
      email_acheteur: order.buyerEmail,
      url_avis: reviewUrl(formUrl, key),
    });
    const attempts = delivery.attempts + 1;
    try {
      await sendAbortable({ to: order.buyerEmail, ...rendered });
    } catch (error) {
      if (error instanceof AbortedError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      const dead = attempts >= MAX_ATTEMPTS;
      // The quota unit taken above is given back: nothing was sent.
      await tx
        .update(companies)
        .set({ emailQuotaUsed: sql`GREATEST(${companies.emailQuotaUsed} - 1, 0)` })
        .where(eq(companies.id, company.id));
      await tx
        .update(emailDeliveries)
        .set({
          status: dead ? "failed" : "scheduled",
          attempts,
          lastError: message.slice(0, 500),
          scheduledAt: dead ? delivery.scheduledAt : new Date(now.getTime() + backoffMs(attempts)),
        })
        .where(eq(emailDeliveries.id, delivery.id));
      log("mail delivery failed", { deliveryId: delivery.id, attempts, dead, error: message });
      return dead ? "dead" : "retry";
    }
    await tx
      .update(emailDeliveries)
      .set({ status: "sent", attempts, sentAt: now, lastError: null })
      .where(eq(emailDeliveries.id, delivery.id));
    return "sent";
  }

  async function runOnce(): Promise<DeliveryOutcome | null> {
    return db.transaction((tx) => handle(tx));
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
      let outcome: DeliveryOutcome | null = null;
      try {
        if (isReady()) outcome = await runOnce();
      } catch (error) {
        if (error instanceof AbortedError) return;
        log("mail worker error", { error: error instanceof Error ? error.message : String(error) });
      }
      if (outcome === null && running) await sleep(pollIntervalMs);
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
      for (const w of [...wakers]) w();
      await Promise.allSettled(loops);
      loops = [];
    },
    runOnce,
    async drain() {
      const counts: Record<DeliveryOutcome, number> = { sent: 0, held: 0, cancelled: 0, retry: 0, dead: 0 };
      for (;;) {
        const outcome = await runOnce();
        if (outcome === null) return counts;
        counts[outcome] += 1;
      }
    },
    notify() {
      for (const w of [...wakers]) w();
    },
  };
}
