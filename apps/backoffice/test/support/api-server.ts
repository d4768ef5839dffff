import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setApiBaseUrl } from "../../src/lib/api-client";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: unknown;
}

type Reply = [status: number, body?: unknown] | Promise<[status: number, body?: unknown]>;
export type Handler = (req: RecordedRequest) => Reply;

/**
 * A real HTTP server standing in for the API in component tests: routes are "METHOD /path/" (relative to
 * /api/v1), every request is recorded, unknown routes answer 404. The app's API client points at it.
 */
export async function startApiServer(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname.replace(/^\/api\/v1/, ""),
      query: url.searchParams,
      headers: req.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(recorded);
    const handler = routes[`${recorded.method} ${recorded.path}`];
    const [status, body] = handler ? await handler(recorded) : [404, { detail: "Introuvable." }];
    res.writeHead(status, body === undefined ? {} : { "Content-Type": "application/json" });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  setApiBaseUrl(`http://127.0.0.1:${port}/api/v1`);
  return {
    requests,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
