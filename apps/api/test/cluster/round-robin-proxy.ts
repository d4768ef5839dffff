import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";

/** Forwards each request to the next instance in turn, appending the client's address to X-Forwarded-For. */
export function roundRobinProxy(ports: number[]): Promise<Server> {
  let next = 0;
  const server = createServer((incoming: IncomingMessage, outgoing) => {
    const port = ports[next++ % ports.length];
    const forwarded = incoming.headers["x-forwarded-for"];
    const client = incoming.socket.remoteAddress ?? "";
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, "x-forwarded-for": forwarded ? `${forwarded}, ${client}` : client },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}
