import { NEGATIVE_RATING_MAX } from "./certification";

/** Which review alerts a staff member gets by e-mail (Utilisateur › 'Alertes par e-mail'). */
export const EMAIL_ALERTS = ["all", "negative", "none"] as const;
export type EmailAlerts = (typeof EMAIL_ALERTS)[number];
export const DEFAULT_EMAIL_ALERTS: EmailAlerts = "negative";

export function isEmailAlerts(value: unknown): value is EmailAlerts {
  return typeof value === "string" && (EMAIL_ALERTS as readonly string[]).includes(value);
}

/** A review rated 2 or less is announced at once; the others wait for the daily digest. */
export function isNegativeRating(rating: number): boolean {
  return rating <= NEGATIVE_RATING_MAX;
}

/** The roles that hear about new reviews: those who answer for them. */
export const ALERTED_ROLES = ["owner", "admin", "manager"] as const;

/** Whether a user with `choice` gets the alert for a review of `rating` (`digest`: the daily one). */
export function wantsReviewAlert(choice: string, kind: "negative" | "digest"): boolean {
  const alerts = isEmailAlerts(choice) ? choice : DEFAULT_EMAIL_ALERTS;
  if (alerts === "none") return false;
  return kind === "negative" || alerts === "all";
}
