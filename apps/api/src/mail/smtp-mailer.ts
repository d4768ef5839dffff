import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "./mailer";

/**
 * `SMTP_URL` with pooled connections unless the URL says otherwise (`?pool=false`): a new connection
 * per mail costs ~100 ms of handshakes, which caps the mail queue far below its 200 e-mails/s budget.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
    if (!url.searchParams.has("maxConnections")) url.searchParams.set("maxConnections", "8");
    return url.toString();
  } catch {
    return smtpUrl;
  }
}

/** Sends over SMTP (`SMTP_URL`, e.g. `smtp://user:pass@host:587`). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(pooledSmtpUrl(smtpUrl));
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    async close() {
      transport.close();
    },
  };
}
