import { canResend, canSendNow } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { emailDeliveries, orders } from "../../db/schema";
import { conflict } from "../../http/errors";

/** The order's request row, locked, with what the rules need; null when the order is not the company's. */
async function lockedRequest(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select({ head: orders, request: emailDeliveries })
    .from(orders)
    .leftJoin(
      emailDeliveries,
      and(eq(emailDeliveries.orderId, orders.id), eq(emailDeliveries.kind, "request")),
    )
    .where(and(eq(orders.companyId, companyId), eq(orders.id, id), eq(orders.line, 0)))
    .for("update", { of: orders });
  return row ?? null;
}

/**
 * 'Envoyer maintenant': the scheduled (or quota-held) request becomes due now, its reminder keeping
 * its delay after it; the queue then sends it under the usual rules (quota, suppression, drafts).
 * False when the order is not the company's; 409 when nothing is scheduled.
 */
export async function sendRequestNow(db: Db, companyId: string, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockedRequest(tx, companyId, id);
    if (!row) return false;
    const { head, request } = row;
    if (!request || !canSendNow({ stop: head.emailStop, anonymized: head.anonymizedAt !== null, request }))
      throw conflict(fr.server.orders.notScheduled);
    const earlier = Math.max(0, (request.scheduledAt?.getTime() ?? now.getTime()) - now.getTime());
    await tx.update(emailDeliveries).set({ scheduledAt: now }).where(eq(emailDeliveries.id, request.id));
    if (earlier > 0)
      await tx
        .update(emailDeliveries)
        .set({ scheduledAt: sql`${emailDeliveries.scheduledAt} - make_interval(secs => ${earlier / 1000})` })
        .where(
          and(
            eq(emailDeliveries.orderId, head.id),
            eq(emailDeliveries.kind, "reminder"),
            eq(emailDeliveries.status, "scheduled"),
          ),
        );
    return true;
  });
}

/** 'Renvoyer': a failed request queued again, due now, once (`resent_at`). 409 otherwise. */
export async function resendFailedRequest(
  db: Db,
  companyId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockedRequest(tx, companyId, id);
    if (!row) return false;
    const { head, request } = row;
    if (!request || !canResend({ stop: head.emailStop, anonymized: head.anonymizedAt !== null, request }))
      throw conflict(fr.server.orders.notResendable);
    await tx
      .update(emailDeliveries)
      .set({
        status: "scheduled",
        scheduledAt: now,
        attempts: 0,
        leaseUntil: null,
        leaseToken: null,
        resentAt: now,
      })
      .where(and(eq(emailDeliveries.id, request.id), eq(emailDeliveries.status, "failed")));
    return true;
  });
}
