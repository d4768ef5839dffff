/** What every part of the server sends. `code` and `links` are shown in the dev mailbox and console. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A code the recipient types (e-mail verification, invitation code). */
  code?: string;
  /** Display name of the sender (the company, for its e-mails to buyers); else `MAIL_FROM`'s. */
  fromName?: string;
  /** Where the buyer's answer goes (the company's contact). */
  replyTo?: string;
  /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post` of the invitations to review). */
  headers?: Record<string, string>;
}

export interface SentMail extends MailMessage {
  id: string;
  sentAt: Date;
  links: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

const LINK = /https?:\/\/[^\s"'<>)]+/g;

export function extractLinks(message: MailMessage): string[] {
  return [...new Set([...(message.text.match(LINK) ?? []), ...(message.html.match(LINK) ?? [])])].map((l) =>
    l.replace(/&amp;/g, "&"),
  );
}
