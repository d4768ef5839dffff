import { composeMail, type MailParagraph } from "../../mail/compose";
import type { MailMessage } from "../../mail/mailer";

/** Back-office routes the links open (spec §2 route table; the pages read `code` / `token`). */
export const identityLinks = {
  verifyEmail: (publicUrl: string, code: string) => `${publicUrl}/verify-email?code=${code}`,
  resetPassword: (publicUrl: string, token: string) =>
    `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
  confirmEmailChange: (publicUrl: string, token: string) =>
    `${publicUrl}/confirm-email-change?token=${encodeURIComponent(token)}`,
};

function greeting(firstName: string): string {
  return firstName.trim() ? `Bonjour ${firstName.trim()},` : "Bonjour,";
}

function compose(to: string, subject: string, paragraphs: MailParagraph[], code?: string): MailMessage {
  return composeMail({
    to,
    subject,
    paragraphs,
    signature: "— L'équipe Certavis",
    ...(code ? { code } : {}),
  });
}

export function verificationCodeMail(input: {
  to: string;
  firstName: string;
  code: string;
  publicUrl: string;
}): MailMessage {
  return compose(
    input.to,
    `Votre code de vérification Certavis : ${input.code}`,
    [
      { text: greeting(input.firstName) },
      { text: `Votre code de vérification est : ${input.code}\nIl est valable 10 minutes.` },
      {
        text: "Vous pouvez aussi confirmer votre adresse en ouvrant ce lien :",
        link: identityLinks.verifyEmail(input.publicUrl, input.code),
      },
      { text: "Si vous n'avez pas créé de compte Certavis, ignorez cet e-mail." },
    ],
    input.code,
  );
}

export function passwordResetMail(input: {
  to: string;
  firstName: string;
  token: string;
  publicUrl: string;
}): MailMessage {
  return compose(input.to, "Réinitialisation de votre mot de passe Certavis", [
    { text: greeting(input.firstName) },
    {
      text: "Pour choisir un nouveau mot de passe, ouvrez ce lien (valable 1 heure, utilisable une seule fois) :",
      link: identityLinks.resetPassword(input.publicUrl, input.token),
    },
    {
      text: "Si vous n'avez pas demandé de réinitialisation, ignorez cet e-mail : votre mot de passe reste inchangé.",
    },
  ]);
}

export function emailChangeConfirmationMail(input: {
  to: string;
  firstName: string;
  token: string;
  publicUrl: string;
}): MailMessage {
  return compose(input.to, "Confirmez votre nouvelle adresse e-mail Certavis", [
    { text: greeting(input.firstName) },
    {
      text: "Pour utiliser cette adresse pour votre compte Certavis, ouvrez ce lien (valable 24 heures) :",
      link: identityLinks.confirmEmailChange(input.publicUrl, input.token),
    },
    { text: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail." },
  ]);
}

export function emailChangeNoticeMail(input: {
  to: string;
  firstName: string;
  newEmail: string;
}): MailMessage {
  return compose(input.to, "Demande de changement d'adresse e-mail de votre compte Certavis", [
    { text: greeting(input.firstName) },
    {
      text: `Une demande de changement de l'adresse e-mail de votre compte vers ${input.newEmail} a été faite. Le changement ne sera effectif qu'après confirmation depuis la nouvelle adresse.`,
    },
    {
      text: "Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe sans attendre.",
    },
  ]);
}

export function passwordChangedMail(input: { to: string; firstName: string }): MailMessage {
  return compose(input.to, "Votre mot de passe Certavis a été modifié", [
    { text: greeting(input.firstName) },
    {
      text: "Le mot de passe de votre compte vient d'être modifié et vos autres sessions ont été déconnectées.",
    },
    {
      text: "Si vous n'êtes pas à l'origine de ce changement, réinitialisez votre mot de passe sans attendre.",
    },
  ]);
}
