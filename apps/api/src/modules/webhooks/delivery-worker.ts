import { WEBHOOK_ENDPOINT_CONCURRENCY } from "@certavis/domain";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookEndpoints, webhookMessages } from "../../db/schema";
import type { Cipher } from "../../lib/crypto";
import { createLeasedQueue, type LeasedQueue } from "../../lib/leased-queue";
import type { OutboundOptions } from "../../lib/outbound";
import type { FileStorage } from "../../lib/storage";
import { type Clock, systemClock } from "../pipeline/clock";
import { attemptWebhook, type ClaimedWebhook } from "./delivery-attempt";
import { lockDueWebhookDeliveries, ofEnabledEndpoints } from "./delivery-claim";
import { WEBHOOK_OUTCOMES, type WebhookOutcome, webhookOutcome } from "./delivery-outcome";
import { messageBodies } from "./payload";

export type { WebhookOutcomes } from "./delivery-outcome";

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

export type WebhookWorker = LeasedQueue<WebhookOutcome>;

/**
 * The outgoing webhooks' queue worker (ARCHITECTURE §10.14), a leased queue (lib/leased-queue): its
 * claim takes due deliveries, companies and endpoints in turns and a few at a time per endpoint
 * (delivery-claim.ts); each is signed and POSTed (delivery-attempt.ts) and its outcome recorded
 * (delivery-outcome.ts). The running loop claims again as soon as a place is free, without waiting
 * for a batch's slowest receiver. At least once: a worker dying between the answer and its record
 * sends the message again, with the same `webhook-id`.
 */
export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, secretCipher } = options;
  const clock = options.clock ?? systemClock;
  const endpointConcurrency = options.endpointConcurrency ?? WEBHOOK_ENDPOINT_CONCURRENCY;
  const log = options.log ?? (() => {});
  return createLeasedQueue({
    db,
    table: webhookDeliveries,
    outcomes: WEBHOOK_OUTCOMES,
    name: "webhook",
    leaseMs: LEASE_MS,
    batchSize: options.batchSize ?? 20,
    maxInFlight: Math.max(1, options.maxInFlight ?? 64),
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    ...(options.isReady ? { isReady: options.isReady } : {}),
    log,
    expiredWhere: ofEnabledEndpoints,
    lockDue: (tx, places) => lockDueWebhookDeliveries(tx, clock.now(), places, endpointConcurrency),
    async prepare(tx, rows, claim) {
      await claim.lease(rows.map((row) => row.id));
      const endpointIds = [...new Set(rows.map((row) => row.endpointId))];
      const messageIds = [...new Set(rows.map((row) => row.messageId))];
      const endpoints = await tx
        .select()
        .from(webhookEndpoints)
        .where(inArray(webhookEndpoints.id, endpointIds));
      const messages = await tx.select().from(webhookMessages).where(inArray(webhookMessages.id, messageIds));
      const bodies = await messageBodies(tx, options.storage, messages);
      const jobs = rows.flatMap((row): ClaimedWebhook[] => {
        const endpoint = endpoints.find((e) => e.id === row.endpointId);
        const body = bodies.get(row.messageId);
        if (!endpoint || body === undefined) return [];
        const secret = secretCipher.decrypt(endpoint.secretCiphertext);
        const { id, companyId, messageId } = row;
        const { url, failingSince } = endpoint;
        return [
          {
            id,
            attempts: row.attempts + 1,
            companyId,
            messageId,
            endpoint: { id: endpoint.id, url, secret, failingSince },
            body,
          },
        ];
      });
      return { jobs };
    },
    async work(item) {
      const result = await attemptWebhook(item, options.outbound);
      return webhookOutcome(item, result, clock.now(), options.settingsUrl, log);
    },
  });
}
