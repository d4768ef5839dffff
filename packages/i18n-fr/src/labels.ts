import {
  type FieldType,
  isSubscriptionStatus,
  normalizePlanType,
  normalizeProductStatus,
  normalizeReviewStatus,
  normalizeRole,
} from "@certavis/domain";
import { DASH } from "./format/dash";
import { forms } from "./messages/forms";
import { plans } from "./messages/plans";
import { roles } from "./messages/roles";
import { statuses } from "./messages/statuses";

/** French label of a role; unknown values are returned as given (or '—' when empty). */
export function roleLabel(value: unknown): string {
  const role = normalizeRole(value);
  if (role) return roles[role];
  return typeof value === "string" && value.trim() !== "" ? value : DASH;
}

/** Name of a plan type ('Croissance'); '—' when unknown. */
export function planName(type: unknown): string {
  const plan = normalizePlanType(type);
  return plan ? plans[plan].name : DASH;
}

/** French label of a subscription status; unknown values are shown as given, missing ones as '—'. */
export function subscriptionStatusLabel(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") return DASH;
  const lowered = value.trim().toLowerCase();
  return isSubscriptionStatus(lowered) ? statuses.subscription[lowered] : value;
}

export function productStatusLabel(value: unknown): string {
  return statuses.product[normalizeProductStatus(value)];
}

/** Badge label: the status label, else 'Vérifié' for a verified review, else null (no badge). */
export function reviewBadgeLabel(status: unknown, verified = true): string | null {
  const normalized = normalizeReviewStatus(status);
  if (normalized) return statuses.review[normalized];
  return verified ? statuses.review.verified : null;
}

/** Palette label of a field type; an unknown type is shown as given. */
export function fieldTypeLabel(type: string): string {
  return forms.fieldTypes[type as FieldType] ?? type;
}
