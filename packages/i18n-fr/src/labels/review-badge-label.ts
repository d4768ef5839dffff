import { normalizeReviewStatus } from "@certavis/domain";
import { fr } from "../catalog";

/** Badge label: the status label, else 'Vérifié' for a verified review, else null (no badge). */
export function reviewBadgeLabel(status: unknown, verified = true): string | null {
  const normalized = normalizeReviewStatus(status);
  if (normalized) return fr.statuses.review[normalized];
  return verified ? fr.statuses.review.verified : null;
}
