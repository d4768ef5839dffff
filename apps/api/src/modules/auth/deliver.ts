import type { FastifyRequest } from "fastify";
import type { MailMessage } from "../../mail/mailer";

/**
 * Sends an identity mail. A failing SMTP server is logged, not turned into an error: the action
 * itself succeeded and the user can ask again (resend, new reset request).
 */
export async function deliverMail(request: FastifyRequest, message: MailMessage): Promise<void> {
  try {
    await request.server.ctx.mailer.send(message);
  } catch (err) {
    request.log.error({ err, subject: message.subject }, "identity mail not sent");
  }
}
