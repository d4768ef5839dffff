import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "./mailer";

/** SMTP timeouts, all below the mail queue's lease (LEASE_MS, 30 s). */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * `SMTP_URL` with pooled connections unless the URL says otherwise (`?pool=false`): a new connection
 * per mail costs ~100 ms of handshakes, which caps the mail queue far below its 200 e-mails/s budget.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
    if (!url.searchParams.has("maxConnections")) url.searchParams.set("maxConnections", "8");
    // nodemailer waits 10 minutes on a silent socket by default: far beyond the queue's lease.
    for (const [name, ms] of Object.entries(SMTP_TIMEOUTS_MS)) {
      if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
    }
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
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}
