import type { WebhookEventType } from "@certavis/domain";
import type { DbOrTx } from "../../db/client";
import { reviewEvents } from "../../db/schema";
import type { AuthenticatedUser } from "../../http/request-context";
import { enqueueWebhookEvents } from "../../lib/webhook-outbox";

export type ReviewEventKind =
  | "submitted"
  | "approved"
  | "rejected"
  | "auto_published"
  | "reply_published"
  | "reply_edited"
  | "reply_deleted"
  | "withdrawn"
  | "reported"
  | "expired"
  | "erasure"
  // Moderation (ARCHITECTURE §10.19–20): the automatic checks' findings, a shop's contest, a visitor's
  // report, an operator keeping or removing a published review, an author's appeal and an operator's
  // answer to it (the decision upheld, or overturned: the review published again).
  | "flagged"
  | "contested"
  | "public_report"
  | "kept"
  | "removed"
  | "appealed"
  | "appeal_upheld"
  | "appeal_overturned";

/** `operator`: a Certavis operator (a user outside any company), whose id the trail keeps. */
export type Actor =
  | { kind: "user"; user: AuthenticatedUser }
  | { kind: "operator"; user: Pick<AuthenticatedUser, "id" | "email" | "firstName" | "lastName"> }
  | { kind: "author" }
  | { kind: "system" };

export interface NewReviewEvent {
  companyId: string;
  reviewId: string;
  kind: ReviewEventKind;
  actor: Actor;
  fromStatus?: string | null;
  toStatus?: string | null;
  reason?: string | null;
  note?: string | null;
  at: Date;
}

function actorName(user: Pick<AuthenticatedUser, "email" | "firstName" | "lastName">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
}

export function eventRow(event: NewReviewEvent): typeof reviewEvents.$inferInsert {
  return {
    companyId: event.companyId,
    reviewId: event.reviewId,
    kind: event.kind,
    actor: event.actor.kind,
    actorUserId: "user" in event.actor ? event.actor.user.id : null,
    actorName: "user" in event.actor ? actorName(event.actor.user) : null,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    reason: event.reason ?? null,
    note: event.note ?? null,
    createdAt: event.at,
  };
}

/** The outgoing webhook event (ARCHITECTURE §10.14) each trail event is told as, if any. */
const WEBHOOK_TYPES: Partial<Record<ReviewEventKind, WebhookEventType>> = {
  submitted: "review.submitted",
  approved: "review.published",
  auto_published: "review.published",
  appeal_overturned: "review.published",
  rejected: "review.rejected",
  // A published review taken down by an operator: out of public view, told as a rejection.
  removed: "review.rejected",
  withdrawn: "review.withdrawn",
  // Out of public view like a withdrawal: `data.status` is `expired`.
  expired: "review.withdrawn",
  erasure: "review.erased",
  reply_published: "review.replied",
  reply_edited: "review.replied",
};

/**
 * Appends to the append-only trail (in the caller's transaction, with the change it records), and
 * queues the matching webhook events in the same transaction (the outbox).
 */
export async function recordReviewEvents(tx: DbOrTx, events: NewReviewEvent[]) {
  if (events.length === 0) return [];
  const rows = await tx.insert(reviewEvents).values(events.map(eventRow)).returning();
  await enqueueWebhookEvents(
    tx,
    events.flatMap((event) => {
      const type = WEBHOOK_TYPES[event.kind];
      return type ? [{ companyId: event.companyId, type, subjectId: event.reviewId, at: event.at }] : [];
    }),
  );
  return rows;
}

export function toEventView(row: typeof reviewEvents.$inferSelect) {
  return {
    id: row.id,
    review_id: row.reviewId,
    kind: row.kind as ReviewEventKind,
    actor: row.actor as "user" | "operator" | "author" | "system",
    actor_name: row.actorName,
    from_status: row.fromStatus as never,
    to_status: row.toStatus as never,
    reason: row.reason,
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}
