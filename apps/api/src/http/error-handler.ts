import { fr } from "@certavis/i18n-fr";
import type { FastifyError, FastifyInstance } from "fastify";
import { HttpError } from "./errors";
import { toFieldErrors } from "./validation-errors";

const FASTIFY_CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, fr.server.http.tooLarge],
  FST_REQ_FILE_TOO_LARGE: [413, fr.server.http.tooLarge],
  FST_PARTS_LIMIT: [413, fr.server.http.tooLarge],
  FST_FILES_LIMIT: [413, fr.server.http.tooLarge],
  FST_FIELDS_LIMIT: [413, fr.server.http.tooLarge],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, fr.server.http.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, fr.server.http.invalidJson],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, fr.server.http.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, fr.server.http.invalid],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, fr.server.http.unsupportedMediaType],
};

/** Every error becomes the contract's French body; a client mistake is never a 500, a 500 never leaks. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.code(error.statusCode).send(error.body);
    }
    if ("validation" in error && error.validation) {
      return reply.code(400).send(toFieldErrors(error.validation, error.validationContext));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ detail: known[1] });
    if (error.statusCode === 429) return reply.code(429).send({ detail: fr.server.http.throttled });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, "client error");
      return reply.code(error.statusCode).send({ detail: fr.server.http.invalid });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ detail: fr.server.http.internal });
  });
}
