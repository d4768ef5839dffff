import { randomUUID } from "node:crypto";
import { extractLinks, type Mailer, type MailMessage, type SentMail } from "./mailer";

export interface OutboxMailer extends Mailer {
  /** Newest first. */
  list(): SentMail[];
}

const KEEP = 500;

/**
 * The embedded default (no SMTP_URL): mails are kept in memory (last 500), printed to the console one
 * line each with their links and code, and listed at `/_dev/mailbox` (never in production).
 */
export function createOutboxMailer(
  print: (line: string) => void = (line) => console.log(line),
): OutboxMailer {
  const sent: SentMail[] = [];
  return {
    async send(message: MailMessage) {
      const mail: SentMail = {
        ...message,
        id: randomUUID(),
        sentAt: new Date(),
        links: extractLinks(message),
      };
      sent.unshift(mail);
      if (sent.length > KEEP) sent.length = KEEP;
      const extras = [mail.code ? `code ${mail.code}` : null, ...mail.links].filter(Boolean).join(" ");
      print(`[mail] to ${mail.to} — ${mail.subject}${extras ? ` — ${extras}` : ""}`);
    },
    async close() {},
    list: () => [...sent],
  };
}
