import { and, asc, eq, inArray, lte, notInArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { emailDeliveries } from "../../db/schema";
import { fairDueIds, inListOrder } from "../../lib/fair-turns";
import { kindsWith } from "../../mail/mail-kinds";

export type DeliveryRow = typeof emailDeliveries.$inferSelect;

/** Due order e-mails (scheduled, or held by the quota and looked at again) by the queue's clock. */
const dueCondition = (dueAt: SQL): SQL =>
  sql`${inArray(emailDeliveries.status, ["scheduled", "held"])} and ${notInArray(emailDeliveries.kind, kindsWith("quota", false))}
    and ${lte(emailDeliveries.scheduledAt, dueAt)}`;

/**
 * Locks up to `places` due e-mails (`FOR UPDATE SKIP LOCKED`: parallel workers never take the same
 * row), due by the queue's clock (tests move it through days; the expired leases are taken first by
 * lib/leased-queue): account e-mails first, then the companies' in turns (lib/fair-turns.ts): one
 * company's backlog of thousands never holds another's first e-mail.
 */
export async function lockDueDeliveries(tx: Tx, now: Date, places: number): Promise<DeliveryRow[]> {
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
    .limit(places)
    .for("update", { skipLocked: true });
  const room = places - account.length;
  if (room <= 0) return account;
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
  if (ids.length === 0) return account;
  const due = await tx
    .select()
    .from(emailDeliveries)
    .where(and(inArray(emailDeliveries.id, ids), dueCondition(dueAt)))
    .orderBy(inListOrder(emailDeliveries.id, ids))
    .limit(room)
    .for("update", { skipLocked: true });
  return [...account, ...due];
}
