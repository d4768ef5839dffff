import { createHash } from "node:crypto";
import { type CheckFlag, checkReviewText, reviewTextFingerprint } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq, ne } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { reviews } from "../../db/schema";
import { recordReviewEvents } from "../review-trail/review-events";
import { moderationOf } from "./company-moderation";
import { insertDecision } from "./decisions";

/** SHA-256 of a review's fingerprint (domain `reviewTextFingerprint`), or null for a short text. */
export function reviewTextHash(comment: string): string | null {
  const fingerprint = reviewTextFingerprint(comment);
  return fingerprint ? createHash("sha256").update(fingerprint).digest("hex") : null;
}

/** The findings in words, for the trail and the statement of reasons. */
export function describeFlags(flags: CheckFlag[]): string {
  return flags.map((flag) => `${fr.moderation.flags[flag.kind]} (${flag.match})`).join(", ");
}

/**
 * Right after a review is submitted (in its transaction): its text's fingerprint is kept (any mode: a
 * later review may copy it) and, when Certavis moderates the company, the automatic checks run
 * (ARCHITECTURE §10.19): clean → published at once (a `published` decision by automatic means);
 * flagged → stays pending for an operator, the findings on the review and in its trail. Returns the
 * review's status.
 */
export async function checkNewReview(
  tx: Tx,
  input: { companyId: string; reviewId: string; title: string; comment: string; at: Date },
  secret: string | Uint8Array,
): Promise<"pending" | "approved"> {
  const textHash = reviewTextHash(input.comment);
  if ((await moderationOf(tx, input.companyId, input.at)) !== "certavis") {
    if (textHash) await tx.update(reviews).set({ textHash }).where(eq(reviews.id, input.reviewId));
    return "pending";
  }
  const flags = checkReviewText([input.title, input.comment]);
  if (textHash) {
    const [copy] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(
        and(
          eq(reviews.companyId, input.companyId),
          eq(reviews.textHash, textHash),
          ne(reviews.id, input.reviewId),
        ),
      )
      .limit(1);
    if (copy) flags.push({ kind: "duplicate", match: copy.id });
  }
  const clean = flags.length === 0;
  await tx
    .update(reviews)
    .set({
      textHash,
      checkFlags: flags,
      ...(clean ? { status: "approved", moderatedAt: input.at, moderatedBy: null } : {}),
    })
    .where(eq(reviews.id, input.reviewId));
  if (clean)
    await insertDecision(
      tx,
      {
        companyId: input.companyId,
        reviewId: input.reviewId,
        decision: "published",
        reason: null,
        facts: "",
        note: null,
        automated: true,
        decidedBy: "automatic",
        user: null,
        source: "review",
        sourceId: null,
        at: input.at,
      },
      secret,
    );
  await recordReviewEvents(tx, [
    {
      companyId: input.companyId,
      reviewId: input.reviewId,
      kind: clean ? "approved" : "flagged",
      actor: { kind: "system" },
      fromStatus: "pending",
      toStatus: clean ? "approved" : "pending",
      reason: clean ? "automatic_checks" : null,
      note: clean ? null : describeFlags(flags),
      at: input.at,
    },
  ]);
  return clean ? "approved" : "pending";
}
