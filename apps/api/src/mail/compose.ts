import { escapeHtml } from "@certavis/domain";
import type { MailMessage } from "./mailer";

/** One paragraph of an e-mail; `link` is shown on its own line under the text. */
export interface MailParagraph {
  text: string;
  link?: string;
}

/** The HTML document every e-mail we send is wrapped in (`body` is already escaped HTML). */
export function htmlMailDocument(body: string): string {
  return `<!doctype html><html lang="fr"><body style="font-family:sans-serif;line-height:1.5">${body}</body></html>`;
}

/** Plain-text and HTML parts from the same paragraphs (values escaped in HTML), then the signature. */
export function composeMail(input: {
  to: string;
  subject: string;
  paragraphs: MailParagraph[];
  signature: string;
  code?: string;
}): MailMessage {
  const { paragraphs, signature } = input;
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
    subject: input.subject,
    text: `${text}\n\n${signature}`,
    html: htmlMailDocument(`${html}\n<p>${escapeHtml(signature)}</p>`),
    ...(input.code ? { code: input.code } : {}),
  };
}
