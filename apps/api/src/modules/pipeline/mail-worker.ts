import { planLimits } from "@certavis/domain";
import { fr, planLimitMessages } from "@certavis/i18n-fr/server";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { companies, emailDeliveries, emailTemplates, orders, products, reviews } from "../../db/schema";
import { yieldToLoop } from "../../lib/yield-to-loop";
import type { Mailer, MailMessage } from "../../mail/mailer";
import type { CertificationEmailKind } from "../certification/author-emails";
import { CERTIFICATION_EMAIL_KINDS, renderCertificationEmail } from "../certification/certification-emails";
import { deriveWithdrawalToken, procedureUrl, withdrawalUrl } from "../certification/withdrawal-token";
import { type Clock, nextMonthStart, systemClock } from "./clock";
import { releaseEmailQuota, reserveEmailQuota } from "./email-quota";
import { renderEmail, withFooter } from "./render-email";
import { reviewKeyOf, reviewUrl } from "./review-key";
import type { EmailKind } from "./schedule";

export const MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 60_000;
const HELD_RECHECK_MS = 60 * 60 * 1000;
/**
 * How long a claimed e-mail belongs to its worker; past it, a dead worker's e-mail is claimed again
 * (within a minute of the death: ARCHITECTURE §9). A living worker renews the leases of the e-mails
 * it is still sending every third of it, so a slow SMTP server never makes two workers send one
 * e-mail; the SMTP socket timeout (smtp-mailer.ts) is below it anyway.
 */
export const LEASE_MS = 30 * 1000;
const DEFAULT_BATCH_SIZE = 50;

export type DeliveryOutcome = "sent" | "held" | "cancelled" | "retry" | "dead";
export type OutcomeCounts = Record<DeliveryOutcome, number>;

export interface MailWorkerOptions {
  db: Db;
  mailer: Mailer;
  /** Origin of the review form (`FORM_URL`). */
  formUrl: string;
  /** Origin of the widget and its procedure page (`WIDGET_URL`); defaults to `formUrl`. */
  widgetUrl?: string;
  /** The secret(s) review keys derive from, newest first (a function: read when each mail is made). */
  reviewKeySecret: string | Uint8Array | (() => readonly (string | Uint8Array)[]);
  clock?: Clock;
  /** Parallel claim loops (PostgreSQL); PGlite is one session, keep 1. */
  concurrency?: number;
  /** E-mails claimed per transaction, then sent in parallel. */
  batchSize?: number;
  pollIntervalMs?: number;
  log?: (message: string, extra?: Record<string, unknown>) => void;
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
  /** Wakes the polling loops (a job became due now). */
  notify(): void;
}

class AbortedError extends Error {
  constructor() {
    super("mail worker stopped");
  }
}

function abortedPromise(signal: AbortSignal): Promise<never> {
  const promise = new Promise<never>((_, reject) => {
    signal.addEventListener("abort", () => reject(new AbortedError()), { once: true });
  });
  promise.catch(() => {});
  return promise;
}

export function backoffMs(attempts: number): number {
  return BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1);
}

const noOutcomes = (): OutcomeCounts => ({ sent: 0, held: 0, cancelled: 0, retry: 0, dead: 0 });

type DeliveryRow = typeof emailDeliveries.$inferSelect;

/** A test e-mail of the template editor: no order, its message is stored with it. */
const isTestEmail = (row: DeliveryRow) => row.kind === "test";

/** An e-mail this worker holds the lease of, ready to send. */
interface Claimed {
  delivery: DeliveryRow;
  companyId: string;
  /** Moves forward when the lease is renewed. */
  leaseUntil: Date;
  attempts: number;
  message: MailMessage;
}

/**
 * The durable e-mail queue (`email_deliveries`, one row per order and kind). A short transaction
 * claims a batch of due rows (`FOR UPDATE SKIP LOCKED`: parallel workers never claim the same row),
 * cancels the ones with nothing left to do, takes the quota (over it: held, not dropped) and leases
 * the others (`sending`); the e-mails are then sent in parallel and each is marked `sent` as soon as
 * the SMTP server accepts it. A worker that dies mid-send leaves its rows `sending`: once the lease
 * runs out another worker sends them. Only an e-mail accepted in the instant before its `sent` mark
 * could go out twice. Failures come back with exponential backoff, then end `failed`.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, mailer, formUrl } = options;
  const widgetUrl = options.widgetUrl ?? formUrl;
  const secrets = options.reviewKeySecret;
  const reviewKeySecret = typeof secrets === "function" ? secrets : () => [secrets];
  const clock = options.clock ?? systemClock;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const log = options.log ?? (() => {});
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

  /** Due rows, expired leases first (their quota was already taken). */
  async function lockDue(tx: Tx, now: Date): Promise<DeliveryRow[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const expired = await tx
      .select()
      .from(emailDeliveries)
      .where(and(eq(emailDeliveries.status, "sending"), lte(emailDeliveries.leaseUntil, at)))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    if (expired.length >= batchSize) return expired;
    const due = await tx
      .select()
      .from(emailDeliveries)
      .where(
        and(inArray(emailDeliveries.status, ["scheduled", "held"]), lte(emailDeliveries.scheduledAt, at)),
      )
      .orderBy(asc(emailDeliveries.scheduledAt))
      .limit(batchSize - expired.length)
      .for("update", { skipLocked: true });
    return [...expired, ...due];
  }

  async function setStatus(tx: Tx, ids: string[], values: Partial<DeliveryRow>): Promise<void> {
    if (ids.length) await tx.update(emailDeliveries).set(values).where(inArray(emailDeliveries.id, ids));
  }

  /** One short transaction: claim, cancel, hold or lease a batch. */
  async function claim(counts: OutcomeCounts): Promise<Claimed[] | null> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const rows = await lockDue(tx, now);
      if (rows.length === 0) return null;
      const orderIds = [...new Set(rows.flatMap((r) => (r.orderId ? [r.orderId] : [])))];
      const context = await tx
        .select({ order: orders, product: products, company: companies })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .innerJoin(companies, eq(companies.id, orders.companyId))
        .where(inArray(orders.id, orderIds));
      const byOrder = new Map(context.map((c) => [c.order.id, c]));
      const reviewed = new Set(
        orderIds.length
          ? (
              await tx
                .select({ orderId: reviews.orderId })
                .from(reviews)
                .where(inArray(reviews.orderId, orderIds))
            ).map((r) => r.orderId)
          : [],
      );
      const companyIds = [...new Set(context.map((c) => c.company.id))];
      const templates = companyIds.length
        ? await tx
            .select()
            .from(emailTemplates)
            .where(inArray(emailTemplates.companyId, companyIds))
            .orderBy(asc(emailTemplates.createdAt))
        : [];
      const templateFor = (companyId: string, kind: EmailKind, preferredId: string | null) =>
        templates.find((t) => t.id === preferredId && t.companyId === companyId) ??
        templates.find((t) => t.companyId === companyId && t.type === kind && t.isDefault) ??
        templates.find((t) => t.companyId === companyId && t.type === kind) ??
        null;

      const cancelled = new Map<string, string[]>();
      const cancel = (id: string, reason: string) =>
        cancelled.set(reason, [...(cancelled.get(reason) ?? []), id]);
      const ready: {
        row: DeliveryRow;
        ctx: (typeof context)[number];
        template: (typeof templates)[number] | null;
        rendered?: Omit<MailMessage, "code">;
      }[] = [];
      const tests = rows.filter(isTestEmail);
      for (const row of rows) {
        if (isTestEmail(row)) continue;
        const ctx = row.orderId ? byOrder.get(row.orderId) : undefined;
        const kind = row.kind as EmailKind;
        if (!ctx) {
          cancel(row.id, "commande introuvable");
          continue;
        }
        if (CERTIFICATION_EMAIL_KINDS.has(row.kind)) {
          // Rejection, reply, publication warning: rendered from the review as it is now.
          const rendered = await renderCertificationEmail(tx, row.kind as CertificationEmailKind, {
            order: ctx.order,
            company: ctx.company,
            procedureUrl: procedureUrl(widgetUrl, ctx.company.id),
          });
          if (rendered) ready.push({ row, ctx, template: null, rendered });
          else cancel(row.id, "plus rien à annoncer");
          continue;
        }
        if (kind !== "thanks" && (reviewed.has(ctx.order.id) || ctx.order.reviewKeyUsedAt)) {
          cancel(row.id, "avis déjà déposé");
          continue;
        }
        if (kind === "reminder" && !ctx.product.sendReminder) {
          cancel(row.id, "relance désactivée");
          continue;
        }
        const preferred =
          kind === "request"
            ? ctx.product.emailRequestTemplateId
            : kind === "reminder"
              ? ctx.product.emailReminderTemplateId
              : null;
        const template = templateFor(ctx.company.id, kind, preferred);
        if (!template) cancel(row.id, "aucun modèle d'email");
        else ready.push({ row, ctx, template });
      }
      for (const [reason, ids] of cancelled)
        await setStatus(tx, ids, { status: "cancelled", lastError: reason });
      counts.cancelled += [...cancelled.values()].reduce((n, ids) => n + ids.length, 0);

      // A lease that ran out was counted when first claimed; the others take the quota now.
      const wanted = new Map<string, number>();
      for (const { row, ctx } of ready)
        if (row.status !== "sending") wanted.set(ctx.company.id, (wanted.get(ctx.company.id) ?? 0) + 1);
      for (const row of tests)
        if (row.status !== "sending") wanted.set(row.companyId, (wanted.get(row.companyId) ?? 0) + 1);
      const granted = await reserveEmailQuota(tx, wanted, now);
      const leaseUntil = new Date(now.getTime() + leaseMs);
      const claimed: Claimed[] = [];
      const held = new Map<string, string[]>();
      for (const { row, ctx, template, rendered } of ready) {
        if (row.status !== "sending") {
          const left = granted.get(ctx.company.id) ?? 0;
          if (left <= 0) {
            held.set(ctx.company.id, [...(held.get(ctx.company.id) ?? []), row.id]);
            continue;
          }
          granted.set(ctx.company.id, left - 1);
        }
        const message = rendered ?? {
          to: ctx.order.buyerEmail,
          ...renderEmail(template as NonNullable<typeof template>, {
            nom_entreprise: ctx.company.name,
            nom_produit: ctx.product.name,
            prenom_acheteur: ctx.order.buyerFirstName,
            nom_acheteur: ctx.order.buyerLastName,
            email_acheteur: ctx.order.buyerEmail,
            url_avis: reviewUrl(
              formUrl,
              reviewKeyOf(reviewKeySecret(), ctx.order.id, ctx.order.reviewKeyHash),
            ),
          }),
        };
        if (!rendered) {
          // What French law asks every invitation and the thanks e-mail to say, whatever the template.
          const footer =
            row.kind === "thanks"
              ? [
                  fr.certification.mail.withdrawalLine(
                    withdrawalUrl(formUrl, deriveWithdrawalToken(reviewKeySecret()[0] ?? "", ctx.order.id)),
                  ),
                  fr.certification.mail.procedureLine(procedureUrl(widgetUrl, ctx.company.id)),
                ]
              : [
                  fr.certification.mail.invitationNotice(ctx.company.name, ctx.product.name),
                  fr.certification.mail.procedureLine(procedureUrl(widgetUrl, ctx.company.id)),
                  fr.certification.mail.termsLine(`${formUrl.replace(/\/+$/, "")}/cgu`),
                ];
          Object.assign(message, withFooter(message, footer));
        }
        claimed.push({
          delivery: row,
          companyId: ctx.company.id,
          leaseUntil,
          attempts: row.attempts + 1,
          message,
        });
      }
      for (const row of tests) {
        if (row.status !== "sending") {
          const left = granted.get(row.companyId) ?? 0;
          if (left <= 0) {
            held.set(row.companyId, [...(held.get(row.companyId) ?? []), row.id]);
            continue;
          }
          granted.set(row.companyId, left - 1);
        }
        claimed.push({
          delivery: row,
          companyId: row.companyId,
          leaseUntil,
          attempts: row.attempts + 1,
          message: {
            to: row.toEmail ?? "",
            subject: row.subject ?? "",
            text: row.textBody ?? "",
            html: row.htmlBody ?? "",
          },
        });
      }
      // Looked at again within the hour (a plan upgrade releases them), at the latest when the month turns.
      const retryAt = new Date(Math.min(nextMonthStart(now).getTime(), now.getTime() + HELD_RECHECK_MS));
      for (const [companyId, ids] of held) {
        const [company] = await tx
          .select({ planType: companies.planType })
          .from(companies)
          .where(eq(companies.id, companyId));
        const planType = company?.planType;
        const limit = planLimits(planType).max_emails_per_month ?? 0;
        await setStatus(tx, ids, {
          status: "held",
          scheduledAt: retryAt,
          leaseUntil: null,
          lastError: planLimitMessages.emailQuota(limit),
        });
        log("e-mails held by the monthly quota", { companyId, count: ids.length });
        counts.held += ids.length;
      }
      if (claimed.length)
        await tx
          .update(emailDeliveries)
          .set({ status: "sending", leaseUntil, attempts: sql`${emailDeliveries.attempts} + 1` })
          .where(
            inArray(
              emailDeliveries.id,
              claimed.map((c) => c.delivery.id),
            ),
          );
      return claimed;
    });
  }

  /** Extends the leases of the e-mails still being sent (only those still ours). */
  async function renewLeases(sending: ReadonlySet<Claimed>): Promise<void> {
    const byLease = new Map<number, Claimed[]>();
    for (const item of sending) {
      const group = byLease.get(item.leaseUntil.getTime()) ?? [];
      group.push(item);
      byLease.set(item.leaseUntil.getTime(), group);
    }
    const leaseUntil = new Date(clock.now().getTime() + leaseMs);
    for (const [current, items] of byLease) {
      const renewed = await db
        .update(emailDeliveries)
        .set({ leaseUntil })
        .where(
          and(
            inArray(
              emailDeliveries.id,
              items.map((item) => item.delivery.id),
            ),
            eq(emailDeliveries.status, "sending"),
            eq(emailDeliveries.leaseUntil, new Date(current)),
          ),
        )
        .returning({ id: emailDeliveries.id });
      const ids = new Set(renewed.map((row) => row.id));
      for (const item of items) if (ids.has(item.delivery.id)) item.leaseUntil = leaseUntil;
    }
  }

  /**
   * Sends one leased e-mail and records the result (only while the lease is still ours). Once sent,
   * the e-mail leaves `sending` (no renewal starts for it) and waits for a renewal in flight, so
   * its mark compares with the lease as renewed.
   */
  async function deliver(
    item: Claimed,
    sending: Set<Claimed>,
    renewal: () => Promise<void>,
  ): Promise<DeliveryOutcome> {
    const ours = () =>
      and(
        eq(emailDeliveries.id, item.delivery.id),
        eq(emailDeliveries.status, "sending"),
        eq(emailDeliveries.leaseUntil, item.leaseUntil),
      );
    try {
      await sendAbortable(item.message);
      sending.delete(item);
      await renewal();
    } catch (error) {
      if (error instanceof AbortedError) throw error;
      sending.delete(item);
      await renewal();
      const message = error instanceof Error ? error.message : String(error);
      const dead = item.attempts >= MAX_ATTEMPTS;
      const now = clock.now();
      await db.transaction(async (tx) => {
        // Nothing was sent: the quota unit comes back.
        await releaseEmailQuota(tx, item.companyId);
        await tx
          .update(emailDeliveries)
          .set({
            status: dead ? "failed" : "scheduled",
            leaseUntil: null,
            lastError: message.slice(0, 500),
            scheduledAt: dead
              ? item.delivery.scheduledAt
              : new Date(now.getTime() + backoffMs(item.attempts)),
          })
          .where(ours());
      });
      log("mail delivery failed", {
        deliveryId: item.delivery.id,
        attempts: item.attempts,
        dead,
        error: message,
      });
      return dead ? "dead" : "retry";
    }
    await db
      .update(emailDeliveries)
      .set({ status: "sent", sentAt: clock.now(), leaseUntil: null, lastError: null })
      .where(ours());
    return "sent";
  }

  async function runOnce(): Promise<OutcomeCounts | null> {
    const counts = noOutcomes();
    const claimed = await claim(counts);
    if (claimed === null) return null;
    const sending = new Set(claimed);
    let renewal: Promise<void> = Promise.resolve();
    const renewer = setInterval(() => {
      renewal = renewal
        .then(() => renewLeases(sending))
        .catch((error: unknown) =>
          log("mail lease renewal failed", { error: error instanceof Error ? error.message : String(error) }),
        );
    }, leaseMs / 3);
    let outcomes: PromiseSettledResult<DeliveryOutcome>[];
    try {
      outcomes = await Promise.allSettled(claimed.map((item) => deliver(item, sending, () => renewal)));
    } finally {
      clearInterval(renewer);
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
