import { escapeHtml } from "@certavis/domain";
import type { FastifyInstance } from "fastify";
import type { SentMail } from "./mailer";

function renderMailbox(mails: SentMail[], smtp: boolean): string {
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">À : ${escapeHtml(m.to)} — ${escapeHtml(m.sentAt.toISOString())}</p>
  ${m.code ? `<p>Code : <strong class="code">${escapeHtml(m.code)}</strong></p>` : ""}
  <ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join("")}</ul>
  <details><summary>Texte</summary><pre>${escapeHtml(m.text)}</pre></details>
</article>`,
    )
    .join("\n");
  const empty = smtp
    ? "<p>Les e-mails sont envoyés par SMTP (SMTP_URL) : la boîte locale est vide.</p>"
    : "<p>Aucun e-mail envoyé pour le moment.</p>";
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Boîte de réception (développement)</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#555}.code{font-size:1.5rem;letter-spacing:.2em}</style>
</head><body><h1>Boîte de réception (développement)</h1>
<p><a href="/_dev/emails">Aperçu de chaque e-mail</a></p>
${mails.length ? items : empty}
</body></html>`;
}

/** `/_dev/mailbox` (HTML, newest first) and `/_dev/mailbox.json`; not registered in production. */
export function registerMailboxRoutes(app: FastifyInstance, list: () => SentMail[], smtp: boolean): void {
  app.get("/_dev/mailbox", async (_request, reply) => {
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
    return renderMailbox(list(), smtp);
  });
  app.get("/_dev/mailbox.json", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return list().map((m) => ({ ...m, sentAt: m.sentAt.toISOString() }));
  });
}
