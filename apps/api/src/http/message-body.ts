import { fr } from "@certavis/i18n-fr/server";
import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors";

/** Where whole e-mails are posted: the mail provider's delivery-status notifications. */
const MESSAGE_PATHS = ["/api/v1/mail/bounces/"];
/** A DSN quotes the original e-mail at most: ours are tens of KB. */
const MESSAGE_BODY_LIMIT = 1024 * 1024;

/** `message/rfc822` bodies as text, on the paths above only (415 elsewhere). */
export function registerMessageBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    "message/rfc822",
    { parseAs: "string", bodyLimit: MESSAGE_BODY_LIMIT },
    (request, body, done) => {
      if (!MESSAGE_PATHS.some((p) => request.url.startsWith(p)))
        return done(new HttpError(415, { detail: fr.server.http.unsupportedMediaType }), undefined);
      done(null, typeof body === "string" ? body : body.toString("utf8"));
    },
  );
}
