import { escapeHtml, renderTemplate } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
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

/** One product of an order e-mail: its name, its image (absolute URL) and its own review link. */
export interface EmailItem {
  name: string;
  imageUrl: string | null;
  reviewUrl: string;
}

/** Appends the list of an order's products, each with its image and its own review link. */
export function withItems(email: RenderedEmail, items: EmailItem[]): RenderedEmail {
  const intro = fr.server.orders.itemsIntro;
  const text = items.map((item) => fr.server.orders.itemLine(item.name, item.reviewUrl)).join("\n");
  const html = items
    .map((item) => {
      const url = escapeHtml(item.reviewUrl);
      const image = item.imageUrl
        ? `<img src="${escapeHtml(item.imageUrl)}" alt="" width="64" height="64" style="vertical-align:middle;object-fit:cover"> `
        : "";
      return `<li>${image}${escapeHtml(item.name)} : <a href="${url}">${escapeHtml(fr.server.orders.itemLink)}</a></li>`;
    })
    .join("\n");
  return {
    subject: email.subject,
    text: `${email.text}\n\n${intro}\n${text}`,
    html: email.html.replace(
      "</body></html>",
      `<br>\n<p>${escapeHtml(intro)}</p>\n<ul>\n${html}\n</ul></body></html>`,
    ),
  };
}
