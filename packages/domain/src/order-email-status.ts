export const ORDER_EMAIL_STATUSES = [
  "scheduled",
  "sent",
  "reminded",
  "suppressed",
  "bounced",
  "failed",
  "skipped",
] as const;
export type OrderEmailStatus = (typeof ORDER_EMAIL_STATUSES)[number];

/**
 * Where an order's e-mails stand: a stop for good (the address suppressed, or refused by the
 * receiving server) wins over what was sent before it; then the reminder, then the request. An order
 * of draft products only is `skipped`: recorded, no e-mail ever scheduled.
 */
export function orderEmailStatus(facts: {
  stop: string | null;
  requestSent: boolean;
  reminderSent: boolean;
  requestFailed: boolean;
}): OrderEmailStatus {
  if (facts.stop === "suppressed" || facts.stop === "bounced" || facts.stop === "skipped") return facts.stop;
  if (facts.reminderSent) return "reminded";
  if (facts.requestSent) return "sent";
  if (facts.requestFailed) return "failed";
  return "scheduled";
}
