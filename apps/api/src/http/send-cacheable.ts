import { createHash } from "node:crypto";
import { createGunzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { keepForReplay } from "./replayed-answers";

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

function bytesOf(answer: { body: string | Buffer }): Buffer {
  if (typeof answer.body !== "string") return answer.body;
  let bytes = bytesOfBody.get(answer);
  if (bytes === undefined) {
    bytes = Buffer.from(answer.body, "utf8");
    bytesOfBody.set(answer, bytes);
  }
  return bytes;
}

/** Whether `Accept-Encoding` takes gzip (not refused with `q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? "").split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return (coding === "gzip" || coding === "x-gzip") && (!q || Number(q.slice(2)) > 0);
  });
}

/**
 * The headers of a public answer with ETag `etag` that any site may read; true when the request's
 * `If-None-Match` names it (the caller answers 304 without making the body). `gzipVariant`: the body
 * differs by `Accept-Encoding`.
 */
export function isNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  cacheControl: string,
  gzipVariant = false,
): boolean {
  reply.header("cache-control", cacheControl);
  reply.header("etag", etag);
  reply.header("access-control-allow-origin", "*");
  if (gzipVariant) reply.header("vary", "accept-encoding");
  const match = request.headers["if-none-match"];
  return match?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag) === true;
}

/**
 * A public body any site may read, with its ETag; 304 on a matching `If-None-Match`. The public
 * reviews and their JSON-LD are kept a minute; the widget page asks again each time, so that a
 * moderation or a withdrawal shows on the shop's pages at once (and costs a 304 when nothing changed).
 * A body kept gzipped too (`gzipped`) is sent that way to whoever accepts gzip; one kept only gzipped
 * (no `body`: too big to keep twice) is inflated as it is sent to whoever does not. With `replayWhile`, the
 * answer is replayed to identical requests while it holds (http/replayed-answers.ts; not for a body
 * with a gzip variant).
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  answer:
    | { body: string | Buffer; etag: string; gzipped?: Buffer }
    | { body?: undefined; etag: string; gzipped: Buffer },
  contentType: string,
  cacheControl = PUBLIC_FOR_A_MINUTE,
  replayWhile?: () => boolean,
) {
  if (isNotModified(request, reply, answer.etag, cacheControl, answer.gzipped !== undefined)) {
    reply.code(304);
    return reply.send();
  }
  reply.header("content-type", contentType);
  if (answer.gzipped && acceptsGzip(request.headers["accept-encoding"])) {
    reply.header("content-encoding", "gzip");
    return reply.send(answer.gzipped);
  }
  if (answer.body === undefined) {
    const inflated = createGunzip();
    inflated.end(answer.gzipped);
    return reply.send(inflated);
  }
  const bytes = bytesOf(answer);
  if (replayWhile && !answer.gzipped) keepForReplay(request, reply, bytes, replayWhile);
  return reply.send(bytes);
}
