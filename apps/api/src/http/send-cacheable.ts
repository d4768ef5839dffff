import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A strong ETag for a body: the base64url SHA-1 of its text, quoted. */
export function etagOf(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * A public body any site may read and any cache (browser, CDN) keep for a minute, then use stale for
 * five while it revalidates; 304 on a matching `If-None-Match`. The public reviews, their JSON-LD and
 * the widget page painted from them share this policy, so the page is never fresher than its data.
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  { body, etag }: { body: string; etag: string },
  contentType: string,
) {
  reply.header("cache-control", "public, max-age=60, stale-while-revalidate=300");
  reply.header("etag", etag);
  reply.header("access-control-allow-origin", "*");
  const match = request.headers["if-none-match"];
  if (match?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    reply.code(304);
    return reply.send();
  }
  reply.header("content-type", contentType);
  return reply.send(body);
}
