import { hash } from "node:crypto";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailDeliveries, emailSuppressions, orders } from "../../db/schema";

export type SuppressionReason = "unsubscribe" | "bounce" | "erasure";

/** The e-mails a suppressed address no longer gets: the invitations to review. */
const INVITATION_KINDS = ["request", "reminder"];

/** How a suppressed address is found (the only thing kept of an erased buyer's). */
export function emailHash(email: string): string {
  return hash("sha256", email.trim().toLowerCase(), "hex");
}

export async function isSuppressed(db: DbOrTx, companyId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailSuppressions.id })
    .from(emailSuppressions)
    .where(and(eq(emailSuppressions.companyId, companyId), eq(emailSuppressions.emailHash, emailHash(email))))
    .limit(1);
  return Boolean(row);
}

/** The addresses of `emails` (lower-cased) that `companyId` no longer e-mails. */
export async function suppressedAmong(db: DbOrTx, companyId: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const byHash = new Map(emails.map((e) => [emailHash(e), e.trim().toLowerCase()]));
  const rows = await db
    .select({ emailHash: emailSuppressions.emailHash })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.companyId, companyId),
        inArray(emailSuppressions.emailHash, [...byHash.keys()]),
      ),
    );
  return new Set(rows.flatMap((r) => byHash.get(r.emailHash) ?? []));
}

/**
 * Puts `email` on the company's suppression list (a first reason stays) and stops what was still to
 * go to it: its pending requests and reminders (even one a worker is sending) are cancelled and their
 * orders marked `suppressed`.
 */
export async function suppressAddress(
  tx: DbOrTx,
  companyId: string,
  email: string,
  reason: SuppressionReason,
  now: Date,
): Promise<void> {
  const address = email.trim().toLowerCase();
  await tx
    .insert(emailSuppressions)
    .values({
      companyId,
      email: reason === "erasure" ? null : address,
      emailHash: emailHash(address),
      reason,
      createdAt: now,
    })
    .onConflictDoNothing();
  const theirOrders = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.buyerEmail, address)));
  const stopped = await tx
    .update(emailDeliveries)
    .set({
      status: "cancelled",
      lastError: fr.server.mailQueue.suppressed,
      leaseUntil: null,
      leaseToken: null,
    })
    .where(
      and(
        inArray(emailDeliveries.orderId, theirOrders),
        inArray(emailDeliveries.kind, INVITATION_KINDS),
        // One already leased to a worker too: its lease gone, the worker does not send it (mail-send.ts).
        inArray(emailDeliveries.status, ["scheduled", "held", "sending"]),
      ),
    )
    .returning({ orderId: emailDeliveries.orderId });
  const orderIds = [...new Set(stopped.flatMap((s) => (s.orderId ? [s.orderId] : [])))];
  if (orderIds.length)
    await tx.update(orders).set({ emailStop: "suppressed" }).where(inArray(orders.id, orderIds));
}
