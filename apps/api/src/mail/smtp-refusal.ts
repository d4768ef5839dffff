/** Reply codes by which a receiving server says the recipient's mailbox does not exist or takes nothing. */
const RECIPIENT_REFUSALS: ReadonlySet<number> = new Set([550, 551, 553]);

/**
 * Who a failed send is about, from the SMTP error (nodemailer's `command` and `responseCode`):
 * - `recipient`: the address itself was refused at `RCPT TO` (550, 551, 553): the buyer's bounce;
 * - `server`: any other 5xx (535 credentials, 550/553/554 at `MAIL FROM` or after `DATA`, 552 size…):
 *   our account, our sender or the server's policy, never a reason to give up on the buyer;
 * - `temporary`: a 4xx or a network error.
 */
export type SmtpRefusal = "recipient" | "server" | "temporary";

export function smtpRefusalOf(error: unknown): SmtpRefusal {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  if (typeof responseCode !== "number" || responseCode < 500 || responseCode >= 600) return "temporary";
  if (command === "RCPT TO" && RECIPIENT_REFUSALS.has(responseCode)) return "recipient";
  return "server";
}

/** The reply code of a failed send, when the server gave one. */
export function smtpReplyCode(error: unknown): number | null {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" ? code : null;
}

/**
 * Whether an enhanced status code (RFC 3463, `5.1.1`) of a delivery-status notification says the
 * recipient's address is bad (`5.1.x`: no such mailbox or domain) or its mailbox takes nothing
 * (`5.2.1`, disabled). Policy, content, routing or system codes (`5.7.x`, `5.6.x`, `5.4.x`, `5.3.x`)
 * are the sending side's problem, as at `RCPT TO`.
 */
export function isRecipientStatus(status: string): boolean {
  return /^5\.1\.\d{1,3}$/.test(status) || status === "5.2.1";
}
