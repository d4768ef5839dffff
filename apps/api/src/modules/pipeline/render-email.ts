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

/*
 * Every substitution here goes through a function replacer: a replacement string would read `$&`,
 * `$\``, `$'` or `$$` in a shop's, a product's or a buyer's name as patterns.
 */

/**
 * Subject and text part are the template with the values as typed; the HTML part escapes the
 * template and the values, and the review link becomes a short link 'Donner mon avis' (the long
 * address shows only in the text part).
 */
export function renderEmail(
  template: { subject: string; body: string },
  vars: EmailVariables,
): RenderedEmail {
  const subject = renderTemplate(template.subject, { ...vars }).replace(/[\r\n]+/g, " ");
  const text = renderTemplate(template.body, { ...vars });
  const htmlVars: Record<string, string> = {};
  for (const [name, value] of Object.entries(vars)) htmlVars[name] = escapeHtml(value);
  htmlVars.url_avis = `<a href="${escapeHtml(vars.url_avis)}">${escapeHtml(fr.server.shopMail.button)}</a>`;
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
    html: email.html.replace("</body></html>", () => `<br>\n<br>\n${html}</body></html>`),
  };
}

/** One product of an order e-mail: its name, its image (absolute URL) and its own review link. */
export interface EmailItem {
  name: string;
  imageUrl: string | null;
  reviewUrl: string;
}

/** The review link that opens the form with `note` (1 to 5) already chosen. */
export function ratedReviewUrl(reviewUrl: string, note: number): string {
  return `${reviewUrl}${reviewUrl.includes("?") ? "&" : "?"}note=${note}`;
}

const STAR_STYLE = "color:#f5a623;font-size:30px;line-height:1;text-decoration:none;padding:0 2px";
const BUTTON_STYLE =
  "display:inline-block;background:#1f4fd1;color:#ffffff;font-weight:bold;text-decoration:none;padding:10px 20px;border-radius:6px";

/** A product card: image, name, five star links (each opening the form with its rating) and the button. */
function itemCardHtml(item: EmailItem): string {
  const t = fr.server.shopMail;
  const image = item.imageUrl
    ? `<img src="${escapeHtml(item.imageUrl)}" alt="${escapeHtml(item.name)}" width="96" height="96" style="display:block;margin:0 auto 8px;object-fit:cover;border-radius:6px">`
    : "";
  const stars = [1, 2, 3, 4, 5]
    .map((n) => {
      const label = escapeHtml(t.starLink(n));
      return `<a href="${escapeHtml(ratedReviewUrl(item.reviewUrl, n))}" title="${label}" aria-label="${label}" style="${STAR_STYLE}">&#9733;</a>`;
    })
    .join("");
  return [
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #e5e7eb;border-radius:8px;margin:12px 0"><tr><td align="center" style="padding:16px">`,
    image,
    `<p style="margin:0 0 8px;font-weight:bold">${escapeHtml(item.name)}</p>`,
    `<p style="margin:0 0 4px;color:#555555;font-size:14px">${escapeHtml(t.starsPrompt)}</p>`,
    `<p style="margin:0 0 12px">${stars}</p>`,
    `<a href="${escapeHtml(item.reviewUrl)}" style="${BUTTON_STYLE}">${escapeHtml(t.button)}</a>`,
    "</td></tr></table>",
  ].join("\n");
}

/** The shop's header: its logo (when it has one) and its name. */
function shopHeaderHtml(shop: { name: string; logoUrl: string | null }): string {
  const logo = shop.logoUrl
    ? `<img src="${escapeHtml(shop.logoUrl)}" alt="" height="48" style="display:block;margin:0 auto 6px;max-height:48px">`
    : "";
  return `<div style="text-align:center;padding:8px 0 16px;border-bottom:1px solid #e5e7eb;margin-bottom:16px">${logo}<strong style="font-size:20px">${escapeHtml(shop.name)}</strong></div>\n`;
}

/**
 * Dresses an e-mail as the shop's: its logo and name above the template's text and, for a request
 * or a reminder, a card per product (image, name, five clickable stars, 'Donner mon avis'). The
 * text part lists the products with their links when the order has several.
 */
export function asShopEmail(
  email: RenderedEmail,
  shop: { name: string; logoUrl: string | null },
  items: EmailItem[],
  listInText: boolean,
): RenderedEmail {
  const cards = items.map(itemCardHtml).join("\n");
  const html = email.html
    .replace(/<body([^>]*)>/, (_m, attrs: string) => `<body${attrs}>${shopHeaderHtml(shop)}`)
    .replace("</body></html>", () => `${cards ? `\n${cards}` : ""}</body></html>`);
  const lines = items.map((item) => fr.server.orders.itemLine(item.name, item.reviewUrl)).join("\n");
  const text = listInText ? `${email.text}\n\n${fr.server.orders.itemsIntro}\n${lines}` : email.text;
  return { subject: email.subject, text, html };
}
