import { and, asc, eq, inArray, lte, notInArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { emailDeliveries } from "../../db/schema";
import { fairDueIds, inListOrder } from "../../lib/fair-turns";
import { kindsWith } from "../../mail/mail-kinds";

export type DeliveryRow = typeof emailDeliveries.$inferSelect;

/** `now() + ms` on the database's clock: every lease of every instance is read against the same one. */
const databaseNowPlus = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;

/** Due order e-mails (scheduled, or held by the quota and looked at again) by the queue's clock. */
const dueCondition = (dueAt: SQL): SQL =>
  sql`${inArray(emailDeliveries.status, ["scheduled", "held"])} and ${notInArray(emailDeliveries.kind, kindsWith("quota", false))}
    and ${lte(emailDeliveries.scheduledAt, dueAt)}`;

/**
 * Locks up to `batchSize` rows to handle (`FOR UPDATE SKIP LOCKED`: parallel workers never take the
 * same row): first the ones whose lease ran out on the database's clock (a dead worker's; their quota
 * was already taken), then those due by the queue's clock (tests move it through days), account
 * e-mails first, then the companies' in turns (lib/fair-turns.ts): one company's backlog of thousands
 * never holds another's first e-mail.
 */
export async function lockDueDeliveries(tx: Tx, now: Date, batchSize: number): Promise<DeliveryRow[]> {
  const expired = await tx
    .select()
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.status, "sending"), lte(emailDeliveries.leaseUntil, sql`now()`)))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  if (expired.length >= batchSize) return expired;
  const dueAt = sql`${now.toISOString()}::timestamptz`;
  // Someone waits for an account e-mail (a code, a reset link; the kinds outside the quota: mail-kinds.ts):
  // it goes before a backlog of orders.
  const account = await tx
    .select()
    .from(emailDeliveries)
    .where(
      and(
        inArray(emailDeliveries.kind, kindsWith("quota", false)),
        eq(emailDeliveries.status, "scheduled"),
        lte(emailDeliveries.scheduledAt, dueAt),
      ),
    )
    .orderBy(asc(emailDeliveries.scheduledAt))
    .limit(batchSize - expired.length)
    .for("update", { skipLocked: true });
  const room = batchSize - expired.length - account.length;
  if (room <= 0) return [...expired, ...account];
  const ids = await fairDueIds(
    tx,
    {
      from: sql`${emailDeliveries}`,
      id: emailDeliveries.id,
      due: dueCondition(dueAt),
      dueAt: emailDeliveries.scheduledAt,
      tenant: emailDeliveries.companyId,
    },
    room,
  );
  if (ids.length === 0) return [...expired, ...account];
  const due = await tx
    .select()
    .from(emailDeliveries)
    .where(and(inArray(emailDeliveries.id, ids), dueCondition(dueAt)))
    .orderBy(inListOrder(emailDeliveries.id, ids))
    .limit(room)
    .for("update", { skipLocked: true });
  return [...expired, ...account, ...due];
}

/** Leases the rows to the claim `token` for `leaseMs` and counts the attempt. */
export async function leaseDeliveries(tx: Tx, ids: string[], token: string, leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(emailDeliveries)
    .set({
      status: "sending",
      leaseToken: token,
      leaseUntil: databaseNowPlus(leaseMs),
      attempts: sql`${emailDeliveries.attempts} + 1`,
    })
    .where(inArray(emailDeliveries.id, ids));
}

/**
 * Extends the leases of the claim `token` on `ids` (those still sending) and returns the ids it still
 * holds: a row claimed again by another worker (its lease had run out) is not this claim's any more.
 */
export async function renewLeases(
  db: DbOrTx,
  ids: string[],
  token: string,
  leaseMs: number,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const renewed = await db
    .update(emailDeliveries)
    .set({ leaseUntil: databaseNowPlus(leaseMs) })
    .where(
      and(
        inArray(emailDeliveries.id, ids),
        eq(emailDeliveries.status, "sending"),
        eq(emailDeliveries.leaseToken, token),
      ),
    )
    .returning({ id: emailDeliveries.id });
  return new Set(renewed.map((row) => row.id));
}

/** The condition of a write that applies only while `token` still holds the lease of row `id`. */
export const stillLeased = (id: string, token: string) =>
  and(
    eq(emailDeliveries.id, id),
    eq(emailDeliveries.status, "sending"),
    eq(emailDeliveries.leaseToken, token),
  );
