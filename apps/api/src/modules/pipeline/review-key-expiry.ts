import { REVIEW_KEY_DAYS_AFTER_LAST_EMAIL } from "@certavis/domain";
import { and, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orders } from "../../db/schema";
import { addDays } from "./clock";

/**
 * Called when e-mails carrying the review links of `orderIds` are about to go out at `sentAt`: each
 * key stays valid until at least REVIEW_KEY_DAYS_AFTER_LAST_EMAIL days later, however late the e-mail
 * (long delays, a quota that held it), so no e-mail ever carries an expired or nearly expired link.
 * An anonymised order's key stays closed (its e-mail is cancelled and never sent).
 */
export async function keepReviewKeysValid(db: DbOrTx, orderIds: string[], sentAt: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const until = addDays(sentAt, REVIEW_KEY_DAYS_AFTER_LAST_EMAIL);
  await db
    .update(orders)
    .set({ reviewKeyExpiresAt: until })
    .where(
      and(
        inArray(orders.id, orderIds),
        isNull(orders.anonymizedAt),
        isNotNull(orders.reviewKeyExpiresAt),
        lt(orders.reviewKeyExpiresAt, until),
      ),
    );
}
