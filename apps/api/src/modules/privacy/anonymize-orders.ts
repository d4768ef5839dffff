import { fr } from "@certavis/i18n-fr/server";
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailDeliveries, orders } from "../../db/schema";
import { kindsWith } from "../../mail/mail-kinds";

/**
 * Blanks the buyer's names and address on these order lines (the columns are NOT NULL: empty),
 * closes their review links and cancels their buyer's e-mails still to go, even one a worker is
 * sending (its lease gone, the worker does not send it: lib/leased-queue); a failed one loses its SMTP
 * text, which quotes the address. Returns the lines changed.
 */
export async function anonymizeOrders(tx: DbOrTx, orderIds: readonly string[], now: Date): Promise<number> {
  if (orderIds.length === 0) return 0;
  const ids = [...orderIds];
  await tx
    .update(emailDeliveries)
    .set({
      status: "cancelled",
      leaseUntil: null,
      leaseToken: null,
      lastError: fr.server.mailQueue.anonymized,
    })
    .where(
      and(
        inArray(emailDeliveries.orderId, ids),
        inArray(emailDeliveries.kind, kindsWith("toBuyer")),
        inArray(emailDeliveries.status, ["scheduled", "held", "sending"]),
      ),
    );
  await tx
    .update(emailDeliveries)
    .set({ lastError: fr.server.mailQueue.anonymized })
    .where(
      and(
        inArray(emailDeliveries.orderId, ids),
        inArray(emailDeliveries.kind, kindsWith("toBuyer")),
        eq(emailDeliveries.status, "failed"),
        isNotNull(emailDeliveries.lastError),
      ),
    );
  const changed = await tx
    .update(orders)
    .set({
      buyerEmail: "",
      buyerFirstName: "",
      buyerLastName: "",
      anonymizedAt: now,
      reviewKeyExpiresAt: now,
    })
    .where(and(inArray(orders.id, ids), isNull(orders.anonymizedAt)))
    .returning({ id: orders.id });
  return changed.length;
}
