/**
 * What "certified" enforces (French law L111-7-2, D111-17..19; NF ISO 20488; ARCHITECTURE §10.9):
 * the numbers the server's jobs, the back-office and the procedure page all read from here.
 */

/** A pending review is published automatically this many days after its submission. */
export const MAX_PUBLICATION_DELAY_DAYS = 30;
/** The company's admins are warned this many days before an automatic publication. */
export const PUBLICATION_WARNING_DAYS = 3;
/** Published reviews leave public view this many years after publication. */
export const RETENTION_YEARS = 5;
/** Rejected and withdrawn reviews are kept at least this long, then purged. */
export const REJECTED_RECORD_KEEP_DAYS = 365;
/** A negative review (rating ≤ 2) without a reply is flagged after this many days (ISO: reply within 7). */
export const NEGATIVE_RATING_MAX = 2;
export const REPLY_EXPECTED_AFTER_DAYS = 5;
export const REPLY_MAX_LENGTH = 2000;
export const REJECTION_NOTE_MAX_LENGTH = 500;
export const REPORT_REASON_MAX_LENGTH = 500;
/** What one member may pile up: doubt reports per rolling day, reply changes per review per rolling hour. */
export const REPORTS_PER_MEMBER_PER_DAY = 20;
export const REPORT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const REPLY_CHANGES_PER_REVIEW_PER_HOUR = 10;
export const REPLY_CHANGE_WINDOW_MS = 60 * 60 * 1000;

export const REJECTION_REASONS = [
  "abusive",
  "personal_data",
  "off_topic",
  "conflict_of_interest",
  "fake_suspected",
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export function isRejectionReason(value: unknown): value is RejectionReason {
  return typeof value === "string" && (REJECTION_REASONS as readonly string[]).includes(value);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a review submitted at `submittedAt` is published if nobody moderates it. */
export function autoPublicationDate(submittedAt: Date): Date {
  return new Date(submittedAt.getTime() + MAX_PUBLICATION_DELAY_DAYS * DAY_MS);
}

/** When a review published at `publishedAt` leaves public view (same day and month, 5 years later). */
export function retentionEndDate(publishedAt: Date): Date {
  const end = new Date(publishedAt);
  end.setUTCFullYear(end.getUTCFullYear() + RETENTION_YEARS);
  return end;
}

/** Submissions at or before this instant are due for automatic publication at `now`. */
export function autoPublicationCutoff(now: Date): Date {
  return new Date(now.getTime() - MAX_PUBLICATION_DELAY_DAYS * DAY_MS);
}

/** Submissions at or before this instant get the 3-day warning at `now`. */
export function publicationWarningCutoff(now: Date): Date {
  return new Date(now.getTime() - (MAX_PUBLICATION_DELAY_DAYS - PUBLICATION_WARNING_DAYS) * DAY_MS);
}

/** Publications at or before this instant expire at `now`. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - RETENTION_YEARS);
  return cutoff;
}

/** A negative review published before this instant and still without a reply needs one. */
export function replyExpectedCutoff(now: Date): Date {
  return new Date(now.getTime() - REPLY_EXPECTED_AFTER_DAYS * DAY_MS);
}

/** Rejected or withdrawn at or before this instant: purged. */
export function purgeCutoff(now: Date): Date {
  return new Date(now.getTime() - REJECTED_RECORD_KEEP_DAYS * DAY_MS);
}

/**
 * Buyers' names and addresses of orders that produced no review are kept this long after the order
 * date, then anonymised (GDPR storage limitation; `ORDER_PII_RETENTION_DAYS` overrides it).
 */
export const DEFAULT_ORDER_PII_RETENTION_DAYS = 365;

/** Orders dated at or before this instant are past the retention of their buyer's personal data. */
export function orderPiiCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}
