import { roleLabel } from "@certavis/i18n-fr";
import { composeMail, type MailParagraph } from "../../mail/compose";
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
}): MailMessage {
  const until = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "UTC" }).format(
    input.expiresAt,
  );
  const who = input.inviterName.trim() || "Un membre de l'équipe";
  const paragraphs: MailParagraph[] = [
    { text: "Bonjour," },
    {
      text: `${who} vous invite à rejoindre ${input.companyName} sur Certavis avec le rôle ${roleLabel(input.role)}.`,
    },
    { text: "Pour accepter ou refuser l'invitation, ouvrez ce lien :", link: input.link },
    { text: `Votre code d'invitation : ${input.code}\nIl est valable jusqu'au ${until}.` },
    { text: "Si vous ne vous attendiez pas à cette invitation, ignorez cet e-mail." },
  ];
  return composeMail({
    to: input.to,
    subject: `Invitation à rejoindre ${input.companyName.replace(/\s+/g, " ")} sur Certavis`,
    paragraphs,
    signature: "— L'équipe Certavis",
    code: input.code,
  });
}
