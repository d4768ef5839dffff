import { fr } from "@certavis/i18n-fr/server";
import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors";

/**
 * Plain HTML forms without script post here: the sandbox checkout's 'Payer' / 'Annuler' and the
 * unsubscribe page's button, which posts what mail providers post for one-click unsubscribe (RFC 8058),
 * WooCommerce's ping of a new webhook (`webhook_id=…`), and a visitor's report or an author's appeal.
 */
const FORM_PATHS = [
  "/api/v1/billing/sandbox/",
  "/api/v1/public/unsubscribe/",
  "/api/v1/integrations/",
  // Moderation's public forms ('Signaler', the appeal): an explanation of up to 2,000 characters.
  "/signaler/",
  "/recours",
];
const FORM_BODY_LIMIT = 16 * 1024;

/** `application/x-www-form-urlencoded` bodies, on the paths above only (415 elsewhere). */
export function registerFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (request, body, done) => {
      if (!FORM_PATHS.some((p) => request.url.startsWith(p)))
        return done(new HttpError(415, { detail: fr.server.http.unsupportedMediaType }), undefined);
      const text = typeof body === "string" ? body : body.toString("utf8");
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
}
