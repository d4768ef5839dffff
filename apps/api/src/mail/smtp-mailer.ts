import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "./mailer";

/** Sends over SMTP (`SMTP_URL`, e.g. `smtp://user:pass@host:587`). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
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
