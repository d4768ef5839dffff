/** Payment-provider subscription statuses (spec §4). */
export const SUBSCRIPTION_STATUSES = [
  "active",
  "trialing",
  "past_due",
  "canceled",
  "unpaid",
  "incomplete",
  "incomplete_expired",
] as const;

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return typeof value === "string" && (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

/** Statuses under which the paid plan's features stay on. */
export function isSubscriptionUsable(value: unknown): boolean {
  return value === "active" || value === "trialing" || value === "past_due";
}

/** `current_period_end` of a cancellation (spec §7): seconds since the epoch or a date string; null if unreadable. */
export function periodEndDate(value: unknown): Date | null {
  const date =
    typeof value === "number" ? new Date(value * 1000) : typeof value === "string" ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}
