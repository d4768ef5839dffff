import { escapeHtml, renderTemplate } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { createElement } from "react";
import type { MailBrand } from "../../mail/emails/mail-layout";
import { renderMail } from "../../mail/emails/render-mail";
import { type EmailItem, type FooterLine, ShopEmail } from "../../mail/emails/shop-email";

export type { EmailItem, FooterLink } from "../../mail/emails/shop-email";
export { ratedReviewUrl } from "../../mail/emails/shop-email";

export interface EmailVariables {
  nom_entreprise: string;
  nom_produit: string;
  prenom_acheteur: string;
  nom_acheteur: string;
  email_acheteur: string;
  url_avis: string;
}

/** A shop's template with its values: the subject, the text as typed and its escaped HTML. */
export interface RenderedTemplate {
  subject: string;
  text: string;
  /** Escaped HTML (no document): the body of the e-mail's layout. */
  html: string;
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
 * Subject and text are the template with the values as typed; the HTML escapes the template and the
 * values, and the review link becomes a short link 'Donner mon avis' (the long address shows only in
 * the text part).
 */
export function renderEmail(
  template: { subject: string; body: string },
  vars: EmailVariables,
): RenderedTemplate {
  const subject = renderTemplate(template.subject, { ...vars }).replace(/[\r\n]+/g, " ");
  const text = renderTemplate(template.body, { ...vars });
  const htmlVars: Record<string, string> = {};
  for (const [name, value] of Object.entries(vars)) htmlVars[name] = escapeHtml(value);
  htmlVars.url_avis = `<a href="${escapeHtml(vars.url_avis)}">${escapeHtml(fr.server.shopMail.button)}</a>`;
  const html = renderTemplate(escapeHtml(template.body), htmlVars).replace(/\r?\n/g, "<br>\n");
  return { subject, text, html };
}

/**
 * The shop's e-mail (mail/emails/shop-email.tsx): its logo and name above the template's body and,
 * for a request or a reminder, a card per product (image, name, five clickable stars, 'Donner mon
 * avis'), then the footer lines. The text part lists the products with their links when the order
 * has several (`listInText`).
 */
export async function asShopEmail(
  email: RenderedTemplate,
  shop: MailBrand,
  items: EmailItem[],
  listInText: boolean,
  footer: FooterLine[] = [],
  store: EmailItem | null = null,
): Promise<RenderedEmail> {
  const { html, text } = await renderMail(
    createElement(ShopEmail, {
      shop,
      bodyText: email.text,
      bodyHtml: email.html,
      items,
      listInText,
      footer,
      store,
    }),
  );
  return { subject: email.subject, text, html };
}
