import type { DbOrTx } from "../../db/client";
import { blankWebhookPayloads, enqueueWebhookEvents } from "../../lib/webhook-outbox";

/**
 * The webhook side of an erasure, in its transaction: the stored bodies of the events about the
 * erased orders and reviews keep only their ids, and each erased order (its head line, the subject of
 * its `order.created`) is told as `order.erased`; the reviews are told as `review.erased` by their
 * trail event (`recordReviewEvents`).
 */
export async function tellErasureToWebhooks(
  tx: DbOrTx,
  input: {
    companyId: string;
    orders: readonly { id: string; line: number }[];
    reviewIds: readonly string[];
    at: Date;
  },
): Promise<void> {
  const { companyId, at } = input;
  await blankWebhookPayloads(tx, companyId, [...input.orders.map((o) => o.id), ...input.reviewIds]);
  await enqueueWebhookEvents(
    tx,
    input.orders
      .filter((order) => order.line === 0)
      .map((order) => ({ companyId, type: "order.erased" as const, subjectId: order.id, at })),
  );
}
