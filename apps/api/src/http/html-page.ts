import { randomBytes } from "node:crypto";
import { escapeHtml } from "@certavis/domain";
import type { FastifyReply } from "fastify";
import { FAVICON_LINK } from "./favicon";

/** A small server-made page (no script) and the CSP that goes with it. */
export interface HtmlPage {
  html: string;
  /** No script at all, the style by nonce, forms only to us and `formOrigins`. */
  csp: string;
}

function csp(nonce: string, formOrigins: string[]): string {
  return [
    "default-src 'none'",
    "img-src 'self'",
    `style-src 'nonce-${nonce}'`,
    // Chrome checks form-action on the redirect that follows the POST too.
    `form-action 'self' ${formOrigins.join(" ")}`.trim(),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** `body` is already escaped HTML; `title` is escaped here. */
export function htmlPage(input: {
  title: string;
  style: string;
  body: string;
  formOrigins?: string[];
}): HtmlPage {
  const nonce = randomBytes(16).toString("base64");
  const html = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${FAVICON_LINK}
<title>${escapeHtml(input.title)}</title>
<style nonce="${nonce}">${input.style}</style>
</head>
<body>
<main>
${input.body}
</main>
</body>
</html>
`;
  return { html, csp: csp(nonce, input.formOrigins ?? []) };
}

export function sendHtmlPage(reply: FastifyReply, status: number, page: HtmlPage) {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("content-security-policy", page.csp)
    .header("cache-control", "no-store")
    .send(page.html);
}
