import type { DbOrTx } from "../db/client";
import { emailDeliveries } from "../db/schema";
import type { MailKind } from "./mail-kinds";
import type { MailMessage } from "./mailer";

/**
 * Queues an identity or invitation e-mail (kind `account`, outside any quota) in the one durable
 * e-mail queue, in the caller's transaction when given one; the mail worker sends it
 * (modules/pipeline/mail-worker.ts) and blanks its stored message once sent or dead.
 */
export async function enqueueMail(db: DbOrTx, message: MailMessage, at: Date): Promise<void> {
  await db.insert(emailDeliveries).values({
    companyId: null,
    orderId: null,
    kind: "account" satisfies MailKind,
    status: "scheduled",
    scheduledAt: at,
    toEmail: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    code: message.code ?? null,
    createdAt: at,
  });
}
