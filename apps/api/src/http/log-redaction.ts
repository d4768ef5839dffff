import type { FastifyServerOptions } from "fastify";

/**
 * A query parameter whose value is a secret: `token`, `api_key`, `code`, or any name holding `key` or
 * `token` (review keys, withdrawal and reset tokens, verification codes travel in links).
 */
const SECRET_QUERY_VALUE = /([?&](?:code|[^=&?#\s"'\\]*(?:key|token)[^=&?#\s"'\\]*)=)[^&#\s"'\\]*/gi;

/** The line with the values of secret query parameters replaced by `[redacted]`. */
export function redactSecrets(line: string): string {
  return line.replace(SECRET_QUERY_VALUE, "$1[redacted]");
}

/**
 * The Fastify logger option with every written line redacted (request URLs, error messages, anything
 * that quotes a link): whatever logs it, no review key, token or code reaches the logs.
 */
export function redactedLogger(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  const previous = options.hooks?.streamWrite;
  return {
    ...options,
    hooks: {
      ...options.hooks,
      streamWrite: (line: string) => redactSecrets(previous ? previous(line) : line),
    },
  };
}
