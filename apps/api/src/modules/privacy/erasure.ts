import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders, reviews } from "../../db/schema";
import type { AuthenticatedUser } from "../../http/request-context";
import type { KeyRing } from "../../lib/keyring";
import { reviewsChanged } from "../../lib/reviews-changed";
import type { FileStorage } from "../../lib/storage";
import { dropReviewFiles, removeReviewFiles } from "../certification/review-files";
import { recordReviewEvents } from "../review-trail/review-events";
import { blankTrailTexts } from "../review-trail/trail-retention";
import { anonymizeOrders } from "./anonymize-orders";
import { tellErasureToWebhooks } from "./erasure-webhooks";
import { suppressAddress } from "./suppressions";

export interface ErasureCounts {
  /** Order lines whose buyer's names and address were blanked. */
  orders: number;
  /** Reviews withdrawn and blanked. */
  reviews: number;
  /** Stored photos and videos deleted. */
  files: number;
}

/**
 * Erases the buyer of `email` in the company at their request (GDPR art. 17; ARCHITECTURE §10.16),
 * in one transaction: the address goes on the suppression list as a keyed hash only (a row already
 * there for an unsubscribe or a bounce loses its address), its e-mails still to go are cancelled
 * (even one being sent: the worker checks its lease before sending) and its failed ones lose their
 * SMTP text, its orders' names and address are blanked and their review links closed, its reviews
 * withdrawn and blanked through the one redaction the immutability trigger allows (title, comment,
 * answers, names; the company's reply and the rejection note too), their trail's free texts
 * blanked through the one redaction the trail's trigger allows, each with a trail event `erasure`
 * that names nobody; webhook subscribers are told (`review.erased`, `order.erased`) and the stored
 * webhook bodies about them keep only ids. After the commit the public caches forget the company and
 * the photos and videos leave the storage (recorded as tombstones in the transaction, retried until
 * the storage confirms: `lib/file-tombstones`).
 */
export async function eraseBuyer(
  db: Db,
  storage: FileStorage,
  keys: KeyRing,
  input: { companyId: string; email: string; by: AuthenticatedUser; now: Date },
): Promise<ErasureCounts> {
  const { companyId, now } = input;
  const address = input.email.trim().toLowerCase();
  const { counts, files } = await db.transaction(async (tx) => {
    // First, while the orders still carry the address: their pending invitations are cancelled.
    await suppressAddress(tx, keys, companyId, address, "erasure", now);
    const theirOrders = await tx
      .select({ id: orders.id, line: orders.line })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.buyerEmail, address)))
      .for("update");
    const orderIds = theirOrders.map((o) => o.id);
    if (orderIds.length === 0) return { counts: { orders: 0, reviews: 0, files: 0 }, files: [] };
    const theirReviews = await tx
      .select({ id: reviews.id, status: reviews.status })
      .from(reviews)
      .where(
        and(eq(reviews.companyId, companyId), inArray(reviews.orderId, orderIds), isNull(reviews.erasedAt)),
      )
      .for("update");
    const reviewIds = theirReviews.map((r) => r.id);
    const paths = await dropReviewFiles(tx, reviewIds, now);
    if (reviewIds.length) {
      await tx
        .update(reviews)
        .set({
          status: "withdrawn",
          withdrawnAt: sql`coalesce(${reviews.withdrawnAt}, ${now.toISOString()}::timestamptz)`,
          erasedAt: now,
          title: "",
          comment: "",
          answers: {},
          authorFirstName: "",
          authorLastName: "",
          replyBody: null,
          replyCreatedAt: null,
          replyUpdatedAt: null,
          rejectionNote: null,
        })
        .where(inArray(reviews.id, reviewIds));
      await blankTrailTexts(tx, reviewIds);
      await recordReviewEvents(
        tx,
        theirReviews.map((r) => ({
          companyId,
          reviewId: r.id,
          kind: "erasure" as const,
          actor: { kind: "user" as const, user: input.by },
          fromStatus: r.status,
          toStatus: "withdrawn",
          reason: "buyer_request",
          at: now,
        })),
      );
    }
    const anonymized = await anonymizeOrders(tx, orderIds, now);
    await tellErasureToWebhooks(tx, { companyId, orders: theirOrders, reviewIds, at: now });
    return {
      counts: { orders: anonymized, reviews: reviewIds.length, files: paths.length },
      files: paths,
    };
  });
  if (counts.reviews > 0) reviewsChanged(companyId);
  await removeReviewFiles(db, storage, files, now);
  return counts;
}
