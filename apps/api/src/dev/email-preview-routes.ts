import { escapeHtml } from "@certavis/domain";
import type { FastifyInstance } from "fastify";
import { EMAIL_PREVIEWS } from "./email-previews";

/**
 * `/_dev/emails` lists every e-mail the server sends; `/_dev/emails/{name}` shows one rendered with
 * the sample values (its HTML part; `?part=text` its text part). Registered with the dev mailbox,
 * never in production.
 */
export function registerEmailPreviewRoutes(app: FastifyInstance): void {
  app.get("/_dev/emails", async (_request, reply) => {
    const items = Object.keys(EMAIL_PREVIEWS)
      .map(
        (name) =>
          `<li><a href="/_dev/emails/${name}">${escapeHtml(name)}</a> — <a href="/_dev/emails/${name}?part=text">texte</a></li>`,
      )
      .join("\n");
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
    return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Aperçu des e-mails (développement)</title></head>
<body style="font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem">
<h1>Aperçu des e-mails (développement)</h1><p><a href="/_dev/mailbox">Boîte de réception</a></p><ul>${items}</ul></body></html>`;
  });
  app.get<{ Params: { name: string }; Querystring: { part?: string } }>(
    "/_dev/emails/:name",
    async (request, reply) => {
      const preview = Object.hasOwn(EMAIL_PREVIEWS, request.params.name)
        ? EMAIL_PREVIEWS[request.params.name]
        : undefined;
      if (!preview) return reply.code(404).type("text/plain; charset=utf-8").send("E-mail inconnu.");
      const message = await preview();
      reply.header("cache-control", "no-store");
      if (request.query.part === "text") return reply.type("text/plain; charset=utf-8").send(message.text);
      return reply.type("text/html; charset=utf-8").send(message.html);
    },
  );
}
