import { fr } from "@certavis/i18n-fr/server";
import { composeMail, type MailParagraph } from "../../mail/emails/notice-email";
import type { MailMessage } from "../../mail/mailer";

const texts = fr.server.mails;

/** Back-office routes the links open (spec §2 route table; the pages read `code` / `token`). */
export const identityLinks = {
  verifyEmail: (publicUrl: string, code: string) => `${publicUrl}/verify-email?code=${code}`,
  resetPassword: (publicUrl: string, token: string) =>
    `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
  confirmEmailChange: (publicUrl: string, token: string) =>
    `${publicUrl}/confirm-email-change?token=${encodeURIComponent(token)}`,
};

function compose(
  to: string,
  firstName: string,
  subject: string,
  paragraphs: MailParagraph[],
  code?: string,
): Promise<MailMessage> {
  return composeMail({
    to,
    subject,
    paragraphs: [{ text: texts.greeting(firstName.trim()) }, ...paragraphs],
    signature: texts.signature,
    ...(code ? { code } : {}),
  });
}

export function verificationCodeMail(input: {
  to: string;
  firstName: string;
  code: string;
  publicUrl: string;
}): Promise<MailMessage> {
  const mail = texts.verificationCode;
  return compose(
    input.to,
    input.firstName,
    mail.subject(input.code),
    [
      { text: mail.code(input.code) },
      { text: mail.link, link: identityLinks.verifyEmail(input.publicUrl, input.code) },
      { text: mail.ignore },
    ],
    input.code,
  );
}

interface LinkMailInput {
  to: string;
  firstName: string;
  token: string;
  publicUrl: string;
}

/** A mail whose one link carries a token, then says what to do when the reader did not ask for it. */
function linkMail(
  input: LinkMailInput,
  mail: { subject: string; link: string; ignore: string },
  link: (publicUrl: string, token: string) => string,
): Promise<MailMessage> {
  return compose(input.to, input.firstName, mail.subject, [
    { text: mail.link, link: link(input.publicUrl, input.token) },
    { text: mail.ignore },
  ]);
}

export function passwordResetMail(input: LinkMailInput): Promise<MailMessage> {
  return linkMail(input, texts.passwordReset, identityLinks.resetPassword);
}

export function emailChangeConfirmationMail(input: LinkMailInput): Promise<MailMessage> {
  return linkMail(input, texts.emailChangeConfirmation, identityLinks.confirmEmailChange);
}

export function emailChangeNoticeMail(input: {
  to: string;
  firstName: string;
  newEmail: string;
}): Promise<MailMessage> {
  const mail = texts.emailChangeNotice;
  return compose(input.to, input.firstName, mail.subject, [
    { text: mail.requested(input.newEmail) },
    { text: mail.notYou },
  ]);
}

export function passwordChangedMail(input: { to: string; firstName: string }): Promise<MailMessage> {
  const mail = texts.passwordChanged;
  return compose(input.to, input.firstName, mail.subject, [{ text: mail.changed }, { text: mail.notYou }]);
}
