import type { DbOrTx } from "../../db/client";
import { reviewEvents } from "../../db/schema";
import type { AuthenticatedUser } from "../../http/request-context";

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
  | "erasure";

export type Actor = { kind: "user"; user: AuthenticatedUser } | { kind: "author" } | { kind: "system" };

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

function actorName(user: AuthenticatedUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
}

export function eventRow(event: NewReviewEvent): typeof reviewEvents.$inferInsert {
  return {
    companyId: event.companyId,
    reviewId: event.reviewId,
    kind: event.kind,
    actor: event.actor.kind,
    actorUserId: event.actor.kind === "user" ? event.actor.user.id : null,
    actorName: event.actor.kind === "user" ? actorName(event.actor.user) : null,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    reason: event.reason ?? null,
    note: event.note ?? null,
    createdAt: event.at,
  };
}

/** Appends to the append-only trail (in the caller's transaction, with the change it records). */
export async function recordReviewEvents(tx: DbOrTx, events: NewReviewEvent[]) {
  if (events.length === 0) return [];
  return tx.insert(reviewEvents).values(events.map(eventRow)).returning();
}

export function toEventView(row: typeof reviewEvents.$inferSelect) {
  return {
    id: row.id,
    review_id: row.reviewId,
    kind: row.kind as ReviewEventKind,
    actor: row.actor as "user" | "author" | "system",
    actor_name: row.actorName,
    from_status: row.fromStatus as never,
    to_status: row.toStatus as never,
    reason: row.reason,
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}
