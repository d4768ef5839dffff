/** Lifetimes and per-account limits of identity (ARCHITECTURE §5); RATE_LIMIT_PER_IP does not change them. */
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
/** Wrong guesses allowed on one code; after that only a new code works. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** One code mail per minute per user (spec: resend countdown 60 s). */
export const EMAIL_CODE_RESEND_INTERVAL_MS = 60_000;

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** Reset mails per address per hour; more requests still answer 204 but send nothing. */
export const RESET_MAILS_PER_HOUR = 3;
export const RESET_MAIL_WINDOW_MS = 60 * 60_000;
export const EMAIL_CHANGE_TOKEN_TTL_MS = 24 * 60 * 60_000;

/** Failed sign-ins per e-mail address (existing or not) before the account is locked for the window. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** Past LOGIN_MAX_FAILURES on an address from all clients, each attempt waits this much more... */
export const LOGIN_SLOWDOWN_STEP_MS = 250;
/** ...up to this. */
export const LOGIN_SLOWDOWN_MAX_MS = 3000;
/** An operator's sign-in: the challenge lives 5 minutes; 5 wrong codes in 15 minutes lock it. */
export const SECOND_FACTOR_CHALLENGE_TTL_SECONDS = 5 * 60;
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_WINDOW_MS = 15 * 60_000;
