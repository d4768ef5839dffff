import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { integrationEvents, integrations } from "../../db/schema";
import { fairDueIds, inListOrder } from "../../lib/fair-turns";
import {
  createLeasedQueue,
  type JobHooks,
  LEASED_STATUS,
  type LeasedQueue,
  runLeasedJob,
  unlessAborted,
} from "../../lib/leased-queue";
import {
  type ClaimedEvent,
  EVENT_OUTCOMES,
  type EventDeps,
  type EventOutcome,
  takeEvent,
} from "./process-event";

/**
 * Longer than taking one event (a few queries): a live worker never loses its lease; a dead one's
 * runs out and another instance takes the event over. An event whose taking failed is taken again
 * when its lease runs out: every minute, until it is refused a day after it came.
 */
export const EVENT_LEASE_MS = 60_000;

export type IntegrationEventQueue = LeasedQueue<EventOutcome>;

export interface EventQueueOptions {
  /** The lease (tests shorten it). */
  leaseMs?: number;
  pollIntervalMs?: number;
  /** Events are claimed only once this says the database is migrated. */
  isReady?: () => boolean;
  log?: (message: string, extra?: Record<string, unknown>) => void;
}

/** Recorded events not taken yet; the leased ones are still `pending` too (the pending index finds both). */
const pending = eq(integrationEvents.outcome, "pending");
/**
 * Due: pending and not leased. Written `scheduled`, but a pending row written without a status (by an
 * instance of the release before the queue, during a rolling deploy) is taken too.
 */
const due: SQL = sql`${pending} and ${ne(integrationEvents.status, LEASED_STATUS)}`;

/** Locks up to `places` events to take (`FOR UPDATE SKIP LOCKED`), companies in turns (lib/fair-turns.ts). */
async function lockDueEvents(tx: Tx, places: number) {
  const ids = await fairDueIds(
    tx,
    {
      from: sql`${integrationEvents}`,
      id: integrationEvents.id,
      due,
      dueAt: integrationEvents.receivedAt,
      tenant: integrationEvents.companyId,
    },
    places,
  );
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(integrationEvents)
    .where(and(inArray(integrationEvents.id, ids), due))
    .orderBy(inListOrder(integrationEvents.id, ids))
    .limit(places)
    .for("update", { skipLocked: true });
}

/** The events of `ids` as their jobs, with their connection's platform. */
async function claimedEvents(db: DbOrTx, ids: readonly string[]): Promise<ClaimedEvent[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: integrationEvents.id,
      integrationId: integrationEvents.integrationId,
      companyId: integrationEvents.companyId,
      platform: integrations.platform,
      topic: integrationEvents.topic,
      payload: integrationEvents.payload,
      receivedAt: integrationEvents.receivedAt,
    })
    .from(integrationEvents)
    .innerJoin(integrations, eq(integrations.id, integrationEvents.integrationId))
    .where(inArray(integrationEvents.id, [...ids]));
}

const eventJob = (deps: EventDeps): JobHooks<typeof integrationEvents, ClaimedEvent, EventOutcome> => ({
  work: (event, lease) => unlessAborted(lease.signal, takeEvent(deps, event)),
});

/**
 * The integration events' queue (ARCHITECTURE §10.14), a leased queue (lib/leased-queue) like the
 * e-mails' and the webhooks': a shop's webhook records its event `scheduled` and wakes it; its claim
 * takes the recorded events, companies in turns, and each is taken once (process-event.ts: its order
 * recorded, then its outcome, only while its lease holds). A worker that dies mid-event leaves it
 * leased: once the lease runs out another instance takes it (the order, idempotent on its reference,
 * is found, not made twice).
 */
export function createIntegrationEventQueue(
  deps: EventDeps,
  options: EventQueueOptions = {},
): IntegrationEventQueue {
  return createLeasedQueue({
    db: deps.db,
    table: integrationEvents,
    outcomes: EVENT_OUTCOMES,
    name: "integration event",
    leaseMs: options.leaseMs ?? EVENT_LEASE_MS,
    batchSize: 20,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    ...(options.isReady ? { isReady: options.isReady } : {}),
    log: options.log ?? (() => {}),
    expiredWhere: () => pending,
    lockDue: lockDueEvents,
    async prepare(tx, rows, claim) {
      const ids = rows.map((row) => row.id);
      await claim.lease(ids);
      return { jobs: await claimedEvents(tx, ids) };
    },
    ...eventJob(deps),
  });
}

/**
 * Takes at once an event its writer recorded already leased to `token` (`insertedLeased`): a pull
 * answers with its orders taken. If the writer dies first, the lease runs out and the queue takes it.
 */
export async function takeLeasedEvent(deps: EventDeps, eventId: string, token: string): Promise<void> {
  const [event] = await claimedEvents(deps.db, [eventId]);
  if (!event) return;
  const signal = new AbortController().signal;
  await runLeasedJob(deps.db, integrationEvents, EVENT_LEASE_MS, eventJob(deps), event, { token, signal });
}
