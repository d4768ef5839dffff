import { escapeHtml, renderTemplate } from "@certavis/domain";
import { htmlMailDocument } from "../../mail/compose";

export interface EmailVariables {
  nom_entreprise: string;
  nom_produit: string;
  prenom_acheteur: string;
  nom_acheteur: string;
  email_acheteur: string;
  url_avis: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Subject and text part are the template with the values as typed; the HTML part escapes the
 * template and the values, and the review link becomes a plain `<a href>` (ARCHITECTURE §6).
 */
export function renderEmail(
  template: { subject: string; body: string },
  vars: EmailVariables,
): RenderedEmail {
  const subject = renderTemplate(template.subject, { ...vars }).replace(/[\r\n]+/g, " ");
  const text = renderTemplate(template.body, { ...vars });
  const htmlVars: Record<string, string> = {};
  for (const [name, value] of Object.entries(vars)) htmlVars[name] = escapeHtml(value);
  htmlVars.url_avis = `<a href="${escapeHtml(vars.url_avis)}">${escapeHtml(vars.url_avis)}</a>`;
  const htmlBody = renderTemplate(escapeHtml(template.body), htmlVars).replace(/\r?\n/g, "<br>\n");
  return { subject, text, html: htmlMailDocument(htmlBody) };
}

/** A footer line whose whole text is the link (`text : link` in the plain-text part). */
export interface FooterLink {
  text: string;
  link: string;
}

const footerText = (line: string | FooterLink) =>
  typeof line === "string" ? line : `${line.text} : ${line.link}`;

function footerHtml(line: string | FooterLink): string {
  if (typeof line !== "string") return `<a href="${escapeHtml(line.link)}">${escapeHtml(line.text)}</a>`;
  return escapeHtml(line).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/** Appends paragraphs (plain text; links become `<a href>` in the HTML part) to a rendered e-mail. */
export function withFooter(email: RenderedEmail, lines: (string | FooterLink)[]): RenderedEmail {
  const html = lines.map(footerHtml).join("<br>\n");
  return {
    subject: email.subject,
    text: `${email.text}\n\n${lines.map(footerText).join("\n")}`,
    html: email.html.replace("</body></html>", `<br>\n<br>\n${html}</body></html>`),
  };
}
