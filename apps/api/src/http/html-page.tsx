import { randomBytes } from "node:crypto";
import type { FastifyReply } from "fastify";
import type { ReactNode } from "react";
import { PageShell, renderPage } from "./pages/page-shell";

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

/** A page under /api/v1/ (unsubscribing, the payment sandbox): kept out of indexes, its style by nonce. */
export function htmlPage(input: {
  title: string;
  style: string;
  body: ReactNode;
  formOrigins?: string[];
}): HtmlPage {
  const nonce = randomBytes(16).toString("base64");
  const html = renderPage(
    <PageShell title={input.title} style={input.style} nonce={nonce} noindex>
      {input.body}
    </PageShell>,
  );
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
