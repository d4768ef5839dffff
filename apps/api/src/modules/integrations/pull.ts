import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { integrations } from "../../db/schema";
import type { KeyRing } from "../../lib/keyring";
import { insertedLeased } from "../../lib/leased-queue";
import { EVENT_LEASE_MS, takeLeasedEvent } from "./event-queue";
import { PULLED_PLATFORMS, platformOf } from "./platforms";
import type { EventDeps } from "./process-event";

export interface PullDeps extends EventDeps {
  keys: KeyRing;
  /** `OUTBOUND_ALLOW_PRIVATE=1`: http and private addresses (development and tests only). */
  allowPrivate: boolean;
  /** Orders asked per request (the platform's own page size when absent). */
  pageSize?: number;
}

/** Shops pulled at once by the periodic task. */
const PULL_CONCURRENCY = 4;

/**
 * Pulls one connection now, through its platform's pull; a connection of a platform that pushes is
 * left alone. Each order recorded is leased to this pull and taken at once ('Synchroniser maintenant'
 * answers with them taken); one left by a pull that died is taken by the events' queue.
 */
export async function pullConnection(deps: PullDeps, integrationId: string): Promise<void> {
  const [row] = await deps.db.select().from(integrations).where(eq(integrations.id, integrationId));
  const pull = row ? platformOf(row.platform)?.pull : null;
  if (!row || !pull) return;
  const token = randomUUID();
  await pull(
    {
      db: deps.db,
      now: deps.now,
      keys: deps.keys,
      allowPrivate: deps.allowPrivate,
      ...(deps.pageSize ? { pageSize: deps.pageSize } : {}),
      leased: insertedLeased(token, EVENT_LEASE_MS),
      take: (eventId) => takeLeasedEvent(deps, eventId, token),
    },
    row,
  );
}

/**
 * Every connection of a pulled platform, a few at a time (the periodic task, once across instances):
 * a slow shop holds one of the slots, never the others' pulls.
 */
export async function pullAllConnections(deps: PullDeps, log: (error: unknown) => void): Promise<void> {
  const rows = await deps.db
    .select({ id: integrations.id })
    .from(integrations)
    .where(inArray(integrations.platform, [...PULLED_PLATFORMS]));
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      if (!row) return;
      try {
        await pullConnection(deps, row.id);
      } catch (error) {
        log(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PULL_CONCURRENCY, rows.length) }, worker));
}
