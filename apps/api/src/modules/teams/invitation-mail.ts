import { escapeHtml, roleLabel } from "@certavis/domain";
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
  const paragraphs: Array<{ text: string; link?: string }> = [
    { text: "Bonjour," },
    {
      text: `${who} vous invite à rejoindre ${input.companyName} sur Certavis avec le rôle ${roleLabel(input.role)}.`,
    },
    { text: "Pour accepter ou refuser l'invitation, ouvrez ce lien :", link: input.link },
    { text: `Votre code d'invitation : ${input.code}\nIl est valable jusqu'au ${until}.` },
    { text: "Si vous ne vous attendiez pas à cette invitation, ignorez cet e-mail." },
  ];
  const text = paragraphs.map((p) => (p.link ? `${p.text}\n${p.link}` : p.text)).join("\n\n");
  const html = paragraphs
    .map((p) => {
      const body = escapeHtml(p.text).replace(/\n/g, "<br>");
      const link = p.link ? `<br><a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a>` : "";
      return `<p>${body}${link}</p>`;
    })
    .join("\n");
  return {
    to: input.to,
    subject: `Invitation à rejoindre ${input.companyName.replace(/\s+/g, " ")} sur Certavis`,
    text: `${text}\n\n— L'équipe Certavis`,
    html: `<!doctype html><html lang="fr"><body style="font-family:sans-serif;line-height:1.5">${html}<p>— L'équipe Certavis</p></body></html>`,
    code: input.code,
  };
}
