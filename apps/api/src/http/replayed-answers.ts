import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";

/**
 * Replayed public answers. The public JSON (`/public/reviews/`, `/public/ratings/`) is asked thousands
 * of times a second by widgets and listing pages, and for such a small body Fastify's routing, hooks,
 * validation and access check cost more than the answer itself (bench/public-reviews.mjs). So the
 * complete 200 answer of such a GET (its headers and bytes) is kept by URL once the whole contract
 * pipeline has made it, and an identical GET afterwards is answered straight from the HTTP server,
 * before Fastify, for as long as `isCurrent` says the pipeline would send the same bytes (the body
 * cache's entry is still fresh and no moderation has forgotten it). Only URLs the pipeline has
 * answered with 200 are kept, so nothing unvalidated is ever replayed; a revalidation
 * (`If-None-Match`) and every other method go through the pipeline. The kept headers are the ones the
 * pipeline set for that answer: on these routes none depends on the request (CORS is `*`).
 */
interface Replay {
  headers: Record<string, string | number | string[]>;
  bytes: Buffer;
  isCurrent: () => boolean;
}

const replays = new LRUCache<string, Replay>({
  max: 2000,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (replay) => replay.bytes.length + 1,
});

/** Keeps the 200 answer the pipeline is about to send, to replay it while `isCurrent()` holds. */
export function keepForReplay(
  request: FastifyRequest,
  reply: FastifyReply,
  bytes: Buffer,
  isCurrent: () => boolean,
): void {
  if (request.method !== "GET") return;
  const headers: Replay["headers"] = { "content-length": bytes.length };
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) headers[name] = value;
  replays.set(request.raw.url ?? request.url, { headers, bytes, isCurrent });
}

/** Answers `req` from a kept answer when there is a current one for its URL; false otherwise. */
export function replayAnswer(req: IncomingMessage, res: ServerResponse): boolean {
  if (replays.size === 0 || req.method !== "GET" || req.url === undefined) return false;
  if (req.headers["if-none-match"] !== undefined) return false;
  const replay = replays.get(req.url);
  if (replay === undefined) return false;
  if (!replay.isCurrent()) {
    replays.delete(req.url);
    return false;
  }
  res.writeHead(200, replay.headers);
  res.end(replay.bytes);
  return true;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make (same timeouts), answering kept public
 * answers itself and handing everything else to Fastify.
 */
export function replayingServer(
  handler: Handler,
  options: {
    keepAliveTimeout?: number;
    requestTimeout?: number;
    connectionTimeout?: number;
    maxRequestsPerSocket?: number;
  },
) {
  const server = createServer((req, res) => {
    if (!replayAnswer(req, res)) handler(req, res);
  });
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
  server.setTimeout(options.connectionTimeout ?? 0);
  if (options.maxRequestsPerSocket && options.maxRequestsPerSocket > 0)
    server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  return server;
}
