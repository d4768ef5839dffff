/** What the e-mail queue (`email_deliveries`) does with an e-mail, by its kind. */
export interface MailKindRules {
  /** Goes to the order's buyer: an erasure cancels it, a refusal of the address is a bounce. */
  toBuyer: boolean;
  /** Its message is stored when queued (blanked once sent or dead, purged after a week); else rendered when sent. */
  stored: boolean;
  /** Counts against the company's monthly e-mail quota; the others are claimed first (someone waits). */
  quota: boolean;
  /** A suppressed address (unsubscribe, bounce, erasure) no longer gets it. */
  suppressible: boolean;
}

/**
 * The one table of mail kinds. `account` holds the identity and invitation e-mails (verification,
 * reset, e-mail change, team invitation): no company, outside any quota.
 */
export const MAIL_KINDS = {
  request: { toBuyer: true, stored: false, quota: true, suppressible: true },
  reminder: { toBuyer: true, stored: false, quota: true, suppressible: true },
  thanks: { toBuyer: true, stored: false, quota: true, suppressible: false },
  rejection: { toBuyer: true, stored: false, quota: true, suppressible: false },
  reply: { toBuyer: true, stored: false, quota: true, suppressible: false },
  // A store review's (the head line also holds its product's review: one row per line and kind).
  store_thanks: { toBuyer: true, stored: false, quota: true, suppressible: false },
  store_rejection: { toBuyer: true, stored: false, quota: true, suppressible: false },
  store_reply: { toBuyer: true, stored: false, quota: true, suppressible: false },
  // The outcome of an author's appeal (a store review's has its own kind, like its rejection).
  appeal_outcome: { toBuyer: true, stored: false, quota: true, suppressible: false },
  store_appeal_outcome: { toBuyer: true, stored: false, quota: true, suppressible: false },
  publication_warning: { toBuyer: false, stored: false, quota: true, suppressible: false },
  test: { toBuyer: false, stored: true, quota: true, suppressible: false },
  account: { toBuyer: false, stored: true, quota: false, suppressible: false },
} as const satisfies Record<string, MailKindRules>;

export type MailKind = keyof typeof MAIL_KINDS;

/** Whether a stored kind (any text) has `rule`; an unknown kind has none. */
export function kindHas(kind: string, rule: keyof MailKindRules): boolean {
  return Object.hasOwn(MAIL_KINDS, kind) && MAIL_KINDS[kind as MailKind][rule];
}

/** The kinds with `rule` (for SQL `IN` lists), or without it when `value` is false. */
export function kindsWith(rule: keyof MailKindRules, value = true): MailKind[] {
  return (Object.keys(MAIL_KINDS) as MailKind[]).filter((kind) => MAIL_KINDS[kind][rule] === value);
}
