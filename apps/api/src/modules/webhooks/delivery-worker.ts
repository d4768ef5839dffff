import { randomUUID } from "node:crypto";
import {
  isWebhookDelivered,
  shouldDisableWebhookEndpoint,
  WEBHOOK_ENDPOINT_CONCURRENCY,
  WEBHOOK_TIMEOUT_MS,
  webhookRetryDelayMs,
} from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookEndpoints, webhookMessages } from "../../db/schema";
import type { Cipher } from "../../lib/crypto";
import { isOutboundRefusal, type OutboundOptions, outboundFetch } from "../../lib/outbound";
import type { FileStorage } from "../../lib/storage";
import { type Clock, systemClock } from "../pipeline/clock";
import { leaseWebhookDeliveries, lockDueWebhookDeliveries, stillLeased } from "./delivery-claim";
import { queueEndpointDisabledMail } from "./disabled-mail";
import { messageBodies } from "./payload";
import { webhookMessageId } from "./views";

/** Longer than one attempt (10 s): a live worker never loses its lease; a dead one's runs out. */
const LEASE_MS = 60_000;

export interface WebhookWorkerOptions {
  db: Db;
  storage: FileStorage;
  secretCipher: Cipher;
  /** The outbound guard's policy (OUTBOUND_ALLOW_PRIVATE) and, in tests, a fake resolver. */
  outbound: Omit<OutboundOptions, "timeoutMs">;
  /** The back-office address named in the e-mail of a disabled endpoint. */
  settingsUrl: string;
  /** When deliveries are due (tests move it through days); leases run on the database's clock. */
  clock?: Clock;
  /** Deliveries claimed per transaction. */
  batchSize?: number;
  /** Attempts in flight at once in this worker (its running loop claims more as they end). */
  maxInFlight?: number;
  /** Attempts in flight at once to one endpoint, all instances together. */
  endpointConcurrency?: number;
  pollIntervalMs?: number;
  isReady?: () => boolean;
  log?: (message: string, extra?: Record<string, unknown>) => void;
}

export interface WebhookOutcomes {
  delivered: number;
  retry: number;
  failed: number;
}

export interface WebhookWorker {
  start(): void;
  stop(): Promise<void>;
  /** Claims and attempts one batch of due deliveries; null when nothing is due. */
  runOnce(): Promise<WebhookOutcomes | null>;
  /** Attempts due deliveries until none is left (tests). */
  drain(): Promise<WebhookOutcomes>;
  /** Wakes the loop (a delivery became due now). */
  notify(): void;
}

interface Claimed {
  id: string;
  token: string;
  attempts: number;
  companyId: string;
  messageId: string;
  endpoint: { id: string; url: string; secret: string | null; failingSince: Date | null };
  body: string;
}

interface Attempt {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * The outgoing webhooks' queue worker (ARCHITECTURE §10.14): claims due deliveries in a short
 * transaction, companies and endpoints in turns and a few at a time per endpoint (delivery-claim.ts),
 * signs each body per Standard Webhooks (`standardwebhooks`), POSTs it through the outbound guard
 * with a 10 s limit, and records the outcome: a 2xx is delivered, anything else is retried on the
 * domain's schedule, then failed. The running loop claims again as soon as a place is free, without
 * waiting for a batch's slowest receiver. After 5 days of failures the endpoint is disabled and its
 * admins are e-mailed. At least once: a worker dying between the answer and its record sends the
 * message again, with the same `webhook-id`.
 */
export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, secretCipher } = options;
  const clock = options.clock ?? systemClock;
  const batchSize = options.batchSize ?? 20;
  const maxInFlight = Math.max(1, options.maxInFlight ?? 64);
  const endpointConcurrency = options.endpointConcurrency ?? WEBHOOK_ENDPOINT_CONCURRENCY;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const isReady = options.isReady ?? (() => true);
  const log = options.log ?? (() => {});
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  /** The running loop's attempts not yet recorded. */
  const inFlight = new Set<Promise<void>>();

  async function claim(places: number): Promise<Claimed[] | null> {
    return db.transaction(async (tx) => {
      const rows = await lockDueWebhookDeliveries(tx, clock.now(), places, endpointConcurrency);
      if (rows.length === 0) return null;
      const token = randomUUID();
      await leaseWebhookDeliveries(
        tx,
        rows.map((row) => row.id),
        token,
        LEASE_MS,
      );
      const endpointIds = [...new Set(rows.map((row) => row.endpointId))];
      const messageIds = [...new Set(rows.map((row) => row.messageId))];
      const endpoints = await tx
        .select()
        .from(webhookEndpoints)
        .where(inArray(webhookEndpoints.id, endpointIds));
      const messages = await tx.select().from(webhookMessages).where(inArray(webhookMessages.id, messageIds));
      const bodies = await messageBodies(tx, options.storage, messages);
      return rows.flatMap((row) => {
        const endpoint = endpoints.find((e) => e.id === row.endpointId);
        const body = bodies.get(row.messageId);
        if (!endpoint || body === undefined) return [];
        return [
          {
            id: row.id,
            token,
            attempts: row.attempts + 1,
            companyId: row.companyId,
            messageId: row.messageId,
            endpoint: {
              id: endpoint.id,
              url: endpoint.url,
              secret: secretCipher.decrypt(endpoint.secretCiphertext),
              failingSince: endpoint.failingSince,
            },
            body,
          },
        ];
      });
    });
  }

  async function attempt(item: Claimed): Promise<Attempt> {
    const started = performance.now();
    const duration = () => Math.round(performance.now() - started);
    if (!item.endpoint.secret)
      return { statusCode: null, durationMs: 0, error: fr.server.webhooks.error.network };
    const id = webhookMessageId(item.messageId);
    // The signature's timestamp is the wall clock's: receivers check it against theirs.
    const sentAt = new Date();
    const signature = new Webhook(item.endpoint.secret).sign(id, sentAt, item.body);
    try {
      const response = await outboundFetch(
        item.endpoint.url,
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "user-agent": "Certavis-Webhooks/1.0",
            "webhook-id": id,
            "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
            "webhook-signature": signature,
          },
          body: item.body,
        },
        { ...options.outbound, timeoutMs: WEBHOOK_TIMEOUT_MS },
      );
      await response.body?.cancel().catch(() => {});
      return { statusCode: response.status, durationMs: duration(), error: null };
    } catch (error) {
      const texts = fr.server.webhooks.error;
      const timeout =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      return {
        statusCode: null,
        durationMs: duration(),
        error: isOutboundRefusal(error) ? texts.refused : timeout ? texts.timeout : texts.network,
      };
    }
  }

  /** Records one attempt (only while this claim still holds the delivery) and its endpoint's streak. */
  async function record(item: Claimed, result: Attempt): Promise<keyof WebhookOutcomes> {
    const now = clock.now();
    const delivered = result.statusCode !== null && isWebhookDelivered(result.statusCode);
    const delay = delivered ? null : webhookRetryDelayMs(item.attempts);
    let outcome: keyof WebhookOutcomes = delivered ? "delivered" : delay !== null ? "retry" : "failed";
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(webhookDeliveries)
        .set({
          status: outcome === "retry" ? "scheduled" : outcome,
          nextAttemptAt: delay !== null ? new Date(now.getTime() + delay) : null,
          deliveredAt: delivered ? now : null,
          lastStatusCode: result.statusCode,
          lastDurationMs: result.durationMs,
          lastError: result.error,
          leaseToken: null,
          leaseUntil: null,
        })
        .where(stillLeased(item.id, item.token))
        .returning({ id: webhookDeliveries.id });
      if (updated.length === 0) return;
      if (delivered) {
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(eq(webhookEndpoints.id, item.endpoint.id));
        return;
      }
      const [endpoint] = await tx
        .update(webhookEndpoints)
        .set({
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(webhookEndpoints.id, item.endpoint.id))
        .returning();
      if (!endpoint?.enabled || !shouldDisableWebhookEndpoint(endpoint.failingSince, now)) return;
      const [disabled] = await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledAt: now, updatedAt: now })
        .where(
          and(
            eq(webhookEndpoints.id, endpoint.id),
            eq(webhookEndpoints.enabled, true),
            isNull(webhookEndpoints.disabledAt),
          ),
        )
        .returning();
      if (!disabled) return;
      await tx
        .update(webhookDeliveries)
        .set({ status: "failed", nextAttemptAt: null, lastError: fr.server.webhooks.error.endpointDisabled })
        .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, "scheduled")));
      outcome = "failed";
      await queueEndpointDisabledMail(tx, disabled, options.settingsUrl, now);
      log("webhook endpoint disabled after 5 days of failures", { endpointId: endpoint.id });
    });
    return outcome;
  }

  async function runOnce(): Promise<WebhookOutcomes | null> {
    const claimed = await claim(batchSize);
    if (!claimed) return null;
    const counts: WebhookOutcomes = { delivered: 0, retry: 0, failed: 0 };
    await Promise.all(
      claimed.map(async (item) => {
        const outcome = await record(item, await attempt(item));
        counts[outcome] += 1;
      }),
    );
    return counts;
  }

  async function drain(): Promise<WebhookOutcomes> {
    const total: WebhookOutcomes = { delivered: 0, retry: 0, failed: 0 };
    for (;;) {
      const counts = await runOnce();
      if (!counts) return total;
      total.delivered += counts.delivered;
      total.retry += counts.retry;
      total.failed += counts.failed;
    }
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  /** Claims what the free places allow and starts those attempts; whether any was claimed. */
  async function fillPlaces(): Promise<boolean> {
    const places = Math.min(batchSize, maxInFlight - inFlight.size);
    if (places <= 0) return false;
    const claimed = await claim(places);
    if (!claimed) return false;
    for (const item of claimed) {
      const attempted: Promise<void> = attempt(item)
        .then((result) => record(item, result))
        .then(
          () => {},
          (error: unknown) => log("webhook attempt failed", { err: error, deliveryId: item.id }),
        )
        .finally(() => {
          inFlight.delete(attempted);
          // A place is free (and the endpoint may have one): claim again.
          wake?.();
        });
      inFlight.add(attempted);
    }
    return true;
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          let claimed = false;
          if (isReady()) {
            try {
              claimed = await fillPlaces();
            } catch (error) {
              log("webhook worker failed", { err: error });
            }
          }
          if (running && !claimed) await sleep(pollIntervalMs);
        }
      })();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
      await Promise.allSettled([...inFlight]);
    },
    runOnce,
    drain,
    notify() {
      wake?.();
    },
  };
}
