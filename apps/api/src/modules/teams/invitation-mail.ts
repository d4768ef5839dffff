import { fr, roleLabel } from "@certavis/i18n-fr/server";
import { composeMail, type MailParagraph } from "../../mail/emails/notice-email";
import type { MailMessage } from "../../mail/mailer";

/**
 * Where the invitation link leads (spec §2 routes): someone without an account registers (step 2
 * offers to join with the code, and preselects the invitation received at their e-mail); someone
 * with an account opens /company-setup, which lists the invitations received at their e-mail.
 */
export function invitationLink(publicUrl: string, hasAccount: boolean): string {
  return `${publicUrl}${hasAccount ? "/company-setup" : "/register"}`;
}

export function invitationMail(input: {
  to: string;
  companyName: string;
  inviterName: string;
  role: string;
  code: string;
  link: string;
  expiresAt: Date;
}): Promise<MailMessage> {
  const until = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "UTC" }).format(
    input.expiresAt,
  );
  const texts = fr.server.mails.invitation;
  const who = input.inviterName.trim() || texts.someone;
  const paragraphs: MailParagraph[] = [
    { text: fr.server.mails.greeting("") },
    { text: texts.invites(who, input.companyName, roleLabel(input.role)) },
    { text: texts.link, link: input.link },
    { text: texts.code(input.code, until) },
    { text: texts.ignore },
  ];
  return composeMail({
    to: input.to,
    subject: texts.subject(input.companyName.replace(/\s+/g, " ")),
    paragraphs,
    signature: fr.server.mails.signature,
    code: input.code,
  });
}
