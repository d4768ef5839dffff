import nodemailer from "nodemailer";
import type { DkimConfig } from "../env";
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

/** The headers the DKIM signature covers (relaxed/relaxed, rsa-sha256). */
const DKIM_SIGNED_HEADERS = "From:To:Subject:Date:Message-ID:List-Unsubscribe:List-Unsubscribe-Post";

/**
 * The sender of `message`: with DKIM, the address moves onto the signing domain (what DMARC aligns
 * on) and takes the company's name when the e-mail speaks for a company.
 */
export function senderOf(from: string, message: MailMessage, dkim: DkimConfig | null) {
  if (!dkim) return { name: message.fromName ?? displayName(from), address: addressOf(from) };
  const local = addressOf(from).split("@")[0] || "no-reply";
  return { name: message.fromName ?? displayName(from), address: `${local}@${dkim.domain}` };
}

const addressOf = (from: string) => (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
const displayName = (from: string) => (/^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1] ?? "").trim();

/** Sends over SMTP (`SMTP_URL`, e.g. `smtp://user:pass@host:587`), DKIM-signed when `dkim` is set. */
export function createSmtpMailer(smtpUrl: string, from: string, dkim: DkimConfig | null = null): Mailer {
  const transport = nodemailer.createTransport(pooledSmtpUrl(smtpUrl), {
    ...(dkim
      ? {
          dkim: {
            domainName: dkim.domain,
            keySelector: dkim.selector,
            privateKey: dkim.privateKey,
            headerFieldNames: DKIM_SIGNED_HEADERS,
          },
        }
      : {}),
  });
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        from: senderOf(from, message, dkim),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
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
