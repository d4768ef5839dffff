import { STORE_REVIEW_LINE, type StoreReviewErrors, validateStoreReview } from "@certavis/domain";
import { domainText, fr } from "@certavis/i18n-fr/server";
import { and, eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { companies, emailDeliveries, orders, reviews } from "../../db/schema";
import { detailError, type FieldErrors, fieldErrors } from "../../http/errors";
import type { KeyRing } from "../../lib/keyring";
import { hashReviewKey } from "../../lib/review-key";
import { deriveWithdrawalToken } from "../certification/withdrawal-token";
import { queueNegativeReviewAlert } from "../review-alerts/negative-alert";
import { recordReviewEvents } from "../review-trail/review-events";

const S = fr.server.submission;

/**
 * The order behind a review key, for its store question: any line's key of the order opens it (the
 * product reviews are answered apart); the store review hangs on the order's head line (line 0).
 * 403 with a French detail for an unknown or expired key, an anonymised order, a company that does
 * not collect store reviews, or an order that already has its store review. `lock` takes the head
 * line's row: one store review per order, whatever the concurrent submissions.
 */
export async function orderForStoreKey(db: DbOrTx, key: string, now: Date, lock = false) {
  const [row] = await db
    .select({ order: orders, company: companies })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.reviewKeyHash, hashReviewKey(key)))
    .limit(1);
  if (!row || row.order.anonymizedAt) throw detailError(403, S.invalidKey);
  if (row.order.reviewKeyExpiresAt && row.order.reviewKeyExpiresAt.getTime() <= now.getTime())
    throw detailError(403, S.invalidKey);
  if (!row.company.storeReviews) throw detailError(403, S.storeOff);
  const headQuery = db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.companyId, row.order.companyId),
        eq(orders.reference, row.order.reference),
        eq(orders.line, STORE_REVIEW_LINE),
      ),
    )
    .limit(1);
  const [head] = lock ? await headQuery.for("update") : await headQuery;
  if (!head) throw detailError(403, S.invalidKey);
  if (await hasStoreReview(db, head.id)) throw detailError(403, S.storeKeyUsed);
  return { order: row.order, head, company: row.company };
}

/** Whether the order of `headId` (its line 0) has its store review. */
export async function hasStoreReview(db: DbOrTx, headId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.orderId, headId), eq(reviews.subject, "store")))
    .limit(1);
  return Boolean(found);
}

function errorsText(errors: StoreReviewErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, list]) => [field, (list ?? []).map((m) => domainText(m))]),
  );
}

/**
 * Records the buyer's store review (pending, the trail's `submitted`, its webhook), queues its thanks
 * e-mail (own withdrawal link) and the negative-review alert. Returns the review id.
 */
export async function submitStoreReview(
  tx: Tx,
  input: { key: string; body: unknown; now: Date; keys: KeyRing; publicUrl: string },
): Promise<{
  id: string;
  head: { id: string; companyId: string; reference: string };
  title: string;
  comment: string;
}> {
  const { head, company } = await orderForStoreKey(tx, input.key, input.now, true);
  const checked = validateStoreReview(input.body);
  if (!checked.ok) throw fieldErrors(errorsText(checked.errors));
  const { rating, title, comment } = checked.value;
  const at = input.now;
  const [review] = await tx
    .insert(reviews)
    .values({
      companyId: company.id,
      subject: "store",
      productId: null,
      orderId: head.id,
      rating: rating.toFixed(2),
      title,
      comment,
      authorFirstName: head.buyerFirstName,
      authorLastName: head.buyerLastName,
      answers: {},
      status: "pending",
      createdAt: at,
      withdrawalTokenHash: hashReviewKey(
        deriveWithdrawalToken(input.keys.all("review-key")[0] ?? "", head.id, "store"),
      ),
    })
    .returning({ id: reviews.id });
  if (!review) throw new Error("store review not created");
  await recordReviewEvents(tx, [
    {
      companyId: company.id,
      reviewId: review.id,
      kind: "submitted",
      actor: { kind: "author" },
      toStatus: "pending",
      at,
    },
  ]);
  await tx
    .insert(emailDeliveries)
    .values({
      companyId: company.id,
      orderId: head.id,
      kind: "store_thanks",
      status: "scheduled",
      scheduledAt: at,
    })
    .onConflictDoNothing();
  await queueNegativeReviewAlert(
    tx,
    {
      companyId: company.id,
      companyName: company.name,
      productName: company.name,
      rating,
      authorFirstName: head.buyerFirstName,
      title,
      comment,
    },
    at,
    input.publicUrl,
  );
  return { id: review.id, head, title: title ?? "", comment: comment ?? "" };
}
