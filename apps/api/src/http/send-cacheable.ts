import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A strong ETag for a body: the base64url SHA-1 of its text, quoted. */
export function etagOf(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Any cache (browser, CDN) may keep it a minute, then use it stale for five while it revalidates. */
export const PUBLIC_FOR_A_MINUTE = "public, max-age=60, stale-while-revalidate=300";
/** Any cache may keep it but must ask again each time (a 304 when unchanged). */
export const PUBLIC_REVALIDATED = "public, no-cache";

/** The UTF-8 bytes of kept bodies, encoded once: writing a string re-encodes it on every send. */
const bytesOfBody = new WeakMap<object, Buffer>();

function bytesOf(answer: { body: string }): Buffer {
  let bytes = bytesOfBody.get(answer);
  if (bytes === undefined) {
    bytes = Buffer.from(answer.body, "utf8");
    bytesOfBody.set(answer, bytes);
  }
  return bytes;
}

/**
 * A public body any site may read, with its ETag; 304 on a matching `If-None-Match`. The public
 * reviews and their JSON-LD are kept a minute; the widget page asks again each time, so that a
 * moderation or a withdrawal shows on the shop's pages at once (and costs a 304 when nothing changed).
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { body: string; etag: string },
  contentType: string,
  cacheControl = PUBLIC_FOR_A_MINUTE,
) {
  const { etag } = answer;
  reply.header("cache-control", cacheControl);
  reply.header("etag", etag);
  reply.header("access-control-allow-origin", "*");
  const match = request.headers["if-none-match"];
  if (match?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    reply.code(304);
    return reply.send();
  }
  reply.header("content-type", contentType);
  return reply.send(bytesOf(answer));
}
