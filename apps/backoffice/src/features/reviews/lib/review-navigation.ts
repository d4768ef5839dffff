import type { NormalizedReview } from "@certavis/domain";

/** Where the detail dialog goes after moderating `currentId` (spec §2 reviews). */
export type AfterModeration = { type: "open"; id: string } | { type: "close" } | { type: "stay" };

/**
 * The next pending review after the current one (wrapping round the list, the current one excluded);
 * with none left, an approval closes the dialog and a rejection keeps it on the (now rejected) review.
 */
export function afterModeration(
  reviews: readonly NormalizedReview[],
  currentId: string,
  action: "approved" | "rejected",
): AfterModeration {
  const start = reviews.findIndex((r) => r.id === currentId);
  for (let step = 1; step <= reviews.length; step++) {
    const candidate = reviews[(Math.max(start, 0) + step) % reviews.length];
    if (candidate && candidate.id !== currentId && candidate.status === "pending")
      return { type: "open", id: candidate.id };
  }
  return action === "approved" ? { type: "close" } : { type: "stay" };
}

/** Previous and next review ids in the list order (no wrapping), null at the ends. */
export function neighbours(reviews: readonly NormalizedReview[], currentId: string) {
  const index = reviews.findIndex((r) => r.id === currentId);
  return {
    index,
    previous: index > 0 ? (reviews[index - 1]?.id ?? null) : null,
    next: index >= 0 && index < reviews.length - 1 ? (reviews[index + 1]?.id ?? null) : null,
  };
}
