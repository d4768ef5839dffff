import type { FastifyRequest } from "fastify";
import { enqueueMail } from "../../mail/mail-outbox";
import type { MailMessage } from "../../mail/mailer";

/**
 * Sends an identity or invitation mail through the durable e-mail queue (mail/mail-outbox.ts): any
 * instance sends it, an SMTP outage only delays it. A failure to queue is logged, not turned into
 * an error: the action itself succeeded and the user can ask again (resend, new reset request).
 */
export async function deliverMail(request: FastifyRequest, message: MailMessage): Promise<void> {
  const { ctx } = request.server;
  try {
    await enqueueMail(ctx.db, message, ctx.now());
    request.server.pipeline?.notify();
  } catch (err) {
    request.log.error({ err, subject: message.subject }, "identity mail not queued");
  }
}
