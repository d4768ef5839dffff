/**
 * The one rule set of the e-mail queue (`email_deliveries`), whatever the e-mail: identity and
 * invitation mails, test e-mails, the pipeline's and the certification rules' e-mails.
 */

/** Sends tried before an e-mail is dead (`failed`): with the backoff below, about two hours of outage. */
export const MAX_ATTEMPTS = 8;

const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Retry delay after `attempts` failed sends: a minute, doubling, at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * How long a claimed e-mail belongs to its worker, on the database's clock (instances' clocks may
 * differ); past it, a dead worker's e-mail is claimed again (within a minute of the death:
 * ARCHITECTURE §9). A living worker renews the leases of the e-mails it is still sending every third
 * of it, so a slow SMTP server never makes two workers send one e-mail; the SMTP socket timeout
 * (smtp-mailer.ts) is below it anyway.
 */
export const LEASE_MS = 30 * 1000;

/** A held e-mail (over the monthly quota) is looked at again this soon (a plan upgrade releases it). */
export const HELD_RECHECK_MS = 60 * 60 * 1000;

/** Sent or dead e-mails with a stored message (mail-kinds.ts `stored`) are deleted this long after they were queued. */
export const STORED_MESSAGE_RETENTION_DAYS = 7;
