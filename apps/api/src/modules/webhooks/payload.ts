import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { webhookMessages } from "../../db/schema";
import type { FileStorage } from "../../lib/storage";
import { listOrderViews } from "../orders/order-views";
import { getReviewView } from "../reviews/review-views";

type MessageRow = typeof webhookMessages.$inferSelect;

/**
 * The body of a message (`{"type","timestamp","data"}`): a review as `GET /company/reviews/{id}/`
 * answers it, an order as in `GET /company/orders/`. Made at the message's first attempt (within a
 * second of the change, the worker being woken by polling) and stored: every retry sends the same
 * bytes (unless an erasure blanks it meanwhile: `blankWebhookPayloads`). A subject gone meanwhile, and
 * the subject of `review.erased` and `order.erased`, is sent as `{"id"}`.
 */
async function renderPayload(db: DbOrTx, storage: FileStorage, message: MessageRow): Promise<unknown> {
  const subjectId = message.subjectId;
  let data: unknown = subjectId ? { id: subjectId } : {};
  if (message.type.endsWith(".erased")) {
    // Nothing of the erased buyer is left to tell: the id lets the receiver delete its copy.
  } else if (subjectId && message.type.startsWith("review.")) {
    data = (await getReviewView(db, storage, message.companyId, subjectId)) ?? data;
  } else if (subjectId && message.type === "order.created") {
    const { results } = await listOrderViews(db, message.companyId, {
      ids: [subjectId],
      limit: 1,
      offset: 0,
    });
    data = results[0] ?? data;
  }
  return { type: message.type, timestamp: message.occurredAt.toISOString(), data };
}

/** The stored body of each message, made (and stored) for those that have none yet. */
export async function messageBodies(
  db: DbOrTx,
  storage: FileStorage,
  messages: readonly MessageRow[],
): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  // In id order, as an erasure locks them (`blankWebhookPayloads`), so that the two never deadlock.
  for (const message of [...messages].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    let payload = message.payload;
    if (payload === null) {
      // Another worker sending the same message to another endpoint may have stored it first: theirs wins.
      const rendered = await renderPayload(db, storage, message);
      const [stored] = await db
        .update(webhookMessages)
        .set({ payload: rendered })
        .where(and(eq(webhookMessages.id, message.id), isNull(webhookMessages.payload)))
        .returning({ payload: webhookMessages.payload });
      payload = stored
        ? stored.payload
        : ((
            await db
              .select({ payload: webhookMessages.payload })
              .from(webhookMessages)
              .where(eq(webhookMessages.id, message.id))
          )[0]?.payload ?? rendered);
    }
    bodies.set(message.id, JSON.stringify(payload));
  }
  return bodies;
}
