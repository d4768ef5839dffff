// Vitest globalSetup of the back-office project (Node, main process): the REAL API (apps/api buildApp on a
// fresh PGlite, mails to a real SMTP server) listening on a free port, plus a small seed server writing
// fixtures to its database. jsdom cannot host the server itself (its globals break jose and friends).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { allHandlers } from "../../../api/src/modules";
import { createTestApp } from "../../../api/test/helpers";
import { seedOperations } from "./seed-operations";

declare module "vitest" {
  export interface ProvidedContext {
    apiOrigin: string;
    seedUrl: string;
    /** operationIds the API implements today (the others answer 501). */
    implementedOperations: string[];
  }
}

export default async function setup(project: TestProject) {
  // PGlite, the embedded default, even when the API suites run on PostgreSQL: this suite's timings (an
  // import's progress polled while it runs) are those of the default.
  const t = await createTestApp({ kind: "pglite" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;

  const operations = seedOperations(t);
  const seed = createServer(async (req, res) => {
    const operation = operations[req.url ?? ""];
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      if (req.method !== "POST" || !operation) throw new Error(`Unknown seed operation ${req.url}`);
      const result = await operation(JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as never);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result));
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" }).end(String((error as Error).stack ?? error));
    }
  });
  await new Promise<void>((resolve) => seed.listen(0, "127.0.0.1", resolve));

  project.provide("apiOrigin", `http://127.0.0.1:${port}`);
  project.provide("implementedOperations", Object.keys(allHandlers()));
  project.provide("seedUrl", `http://127.0.0.1:${(seed.address() as AddressInfo).port}`);

  return async () => {
    seed.closeAllConnections();
    await new Promise<void>((resolve) => seed.close(() => resolve()));
    await t.close();
  };
}
