import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** Sent as is with Content-Type text/html instead of a JSON body. */
  raw?: string;
  /** Reason phrase; "" sends an empty one. */
  statusText?: string;
  delayMs?: number;
  /** Destroys the socket instead of answering (a network error for the client). */
  drop?: boolean;
}

export type Route = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface TestServer {
  /** e.g. http://127.0.0.1:PORT/api/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  hits(method: string, path: string): RecordedRequest[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function send(res: ServerResponse, reply: Reply) {
  const payload = reply.raw ?? (reply.body === undefined ? "" : JSON.stringify(reply.body));
  const headers: Record<string, string | number> = { "Content-Length": Buffer.byteLength(payload) };
  if (payload) headers["Content-Type"] = reply.raw === undefined ? "application/json" : "text/html";
  if (reply.statusText === undefined) res.writeHead(reply.status, headers);
  else res.writeHead(reply.status, reply.statusText, headers);
  res.end(payload);
}

/** A real HTTP server on 127.0.0.1; routes are keyed "METHOD /path/" relative to /api/v1. */
export async function startServer(routes: Record<string, Route>): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = url.pathname.replace(/^\/api\/v1/, "");
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    requests.push(recorded);
    const route = routes[`${recorded.method} ${path}`];
    const reply: Reply = route ? await route(recorded) : { status: 404, body: { detail: "Introuvable." } };
    if (reply.delayMs) await sleep(reply.delayMs);
    if (reply.drop) {
      req.socket.destroy();
      return;
    }
    send(res, reply);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    requests,
    hits: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function bearerOf(request: RecordedRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice("Bearer ".length) : null;
}

export function jsonOf(request: RecordedRequest): unknown {
  return JSON.parse(request.body.toString("utf8"));
}
