import { fr } from "@certavis/i18n-fr/server";
import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors";

export const JSON_BODY_LIMIT = 1024 * 1024;
const RAW_BODY_PATHS = ["/api/v1/billing/stripe/webhook/", "/api/v1/integrations/"];

/**
 * JSON bodies up to 1 MB (larger → 413 with a French detail); an empty body reads as no body; the raw
 * text is kept for the signature checks of the Stripe webhook and the shops' webhooks.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    /^application\/(.+\+)?json/,
    { parseAs: "string", bodyLimit: JSON_BODY_LIMIT },
    (request, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (RAW_BODY_PATHS.some((p) => request.url.startsWith(p))) request.rawBody = text;
      if (text.trim() === "") return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new HttpError(400, { detail: fr.server.http.invalidJson }), undefined);
      }
    },
  );
}
