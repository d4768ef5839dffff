/**
 * Review statuses: moderation (spec §4), plus `withdrawn` (by its author) and `expired` (5 years after
 * publication), both read-only (ARCHITECTURE §10.9).
 */
export const REVIEW_STATUSES = ["pending", "approved", "rejected", "withdrawn", "expired"] as const;

export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Statuses nobody in the company can change any more. */
export const READ_ONLY_REVIEW_STATUSES: readonly ReviewStatus[] = ["withdrawn", "expired"];

/** Whether a review is withdrawn (by its author) or expired: read-only for the company. */
export function isReadOnlyReview(status: ReviewStatus | null): boolean {
  return status !== null && READ_ONLY_REVIEW_STATUSES.includes(status);
}

/** Statuses staff can set: moderation never returns a review to pending. */
export const MODERATION_TARGETS: readonly ReviewStatus[] = ["approved", "rejected"];

export function isReviewStatus(value: unknown): value is ReviewStatus {
  return typeof value === "string" && (REVIEW_STATUSES as readonly string[]).includes(value);
}

/** Reads a status case-insensitively; null when missing or unknown. */
export function normalizeReviewStatus(value: unknown): ReviewStatus | null {
  if (typeof value !== "string") return null;
  const lowered = value.trim().toLowerCase();
  return isReviewStatus(lowered) ? lowered : null;
}

/**
 * Whether staff may still moderate a review: moderation is one-way (ARCHITECTURE §10.12), only a
 * pending review is approved or rejected, and that decision is final.
 */
export function isModerable(status: unknown): boolean {
  return normalizeReviewStatus(status) === "pending";
}

/** Whether moving a review from `from` to `to` is allowed: from pending, to approved or rejected. */
export function canTransitionReview(from: unknown, to: unknown): boolean {
  const target = normalizeReviewStatus(to);
  if (!target || !MODERATION_TARGETS.includes(target)) return false;
  return isModerable(from);
}
