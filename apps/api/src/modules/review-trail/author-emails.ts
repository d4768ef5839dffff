import type { ReviewSubject } from "@certavis/domain";
import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailDeliveries } from "../../db/schema";

/**
 * E-mails of the certified-review rules that go through the durable outbox, besides the templates.
 * A store review's rejection and reply have kinds of their own: the order's head line holds its
 * product's review and the store review, one row per order line and kind.
 */
export type CertificationEmailKind =
  | "rejection"
  | "reply"
  | "publication_warning"
  | "store_rejection"
  | "store_reply"
  // The outcome of the author's appeal (DSA art. 20), rendered from the review's latest answered appeal.
  | "appeal_outcome"
  | "store_appeal_outcome";

/**
 * Queues an e-mail to the author of the review of `orderId` (rejection reason, company reply) in the
 * durable outbox: one row per order and kind, so a double click, a retry or a second instance never
 * sends it twice; the mail worker renders it when it sends (the review's state at that time).
 * A rejection is a new event each time (a review re-submitted then rejected again), and so is an
 * appeal's outcome (a later decision appealed in turn): one already sent, dead or cancelled is queued
 * again; one still waiting is left as it is.
 */
export async function queueAuthorEmail(
  tx: DbOrTx,
  input: {
    companyId: string;
    orderId: string;
    kind: "rejection" | "reply" | "publication_warning" | "appeal_outcome";
    /** The review's subject: a store review's rejection or reply goes as `store_*`. */
    subject?: ReviewSubject;
    at: Date;
  },
): Promise<void> {
  const kind: CertificationEmailKind =
    input.subject === "store" && input.kind !== "publication_warning" ? `store_${input.kind}` : input.kind;
  const row = {
    companyId: input.companyId,
    orderId: input.orderId,
    kind,
    status: "scheduled",
    scheduledAt: input.at,
  };
  if (input.kind !== "rejection" && input.kind !== "appeal_outcome") {
    await tx.insert(emailDeliveries).values(row).onConflictDoNothing();
    return;
  }
  await tx
    .insert(emailDeliveries)
    .values(row)
    .onConflictDoUpdate({
      target: [emailDeliveries.orderId, emailDeliveries.kind],
      set: {
        status: "scheduled",
        scheduledAt: input.at,
        attempts: 0,
        sentAt: null,
        leaseUntil: null,
        leaseToken: null,
        lastError: null,
      },
      setWhere: inArray(sql`${emailDeliveries.status}`, ["sent", "failed", "cancelled"]),
    });
}
