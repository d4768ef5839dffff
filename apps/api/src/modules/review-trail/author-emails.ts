import type { DbOrTx } from "../../db/client";
import { emailDeliveries } from "../../db/schema";

/** E-mails of the certified-review rules that go through the durable outbox, besides the templates. */
export type CertificationEmailKind = "rejection" | "reply" | "publication_warning";

/**
 * Queues an e-mail to the author of the review of `orderId` (rejection reason, company reply) in the
 * durable outbox: one row per order and kind, so a double click, a retry or a second instance never
 * sends it twice; the mail worker renders it when it sends (the review's state at that time).
 */
export async function queueAuthorEmail(
  tx: DbOrTx,
  input: { companyId: string; orderId: string; kind: CertificationEmailKind; at: Date },
): Promise<void> {
  await tx
    .insert(emailDeliveries)
    .values({
      companyId: input.companyId,
      orderId: input.orderId,
      kind: input.kind,
      status: "scheduled",
      scheduledAt: input.at,
    })
    .onConflictDoNothing();
}
