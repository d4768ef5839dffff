import { fr } from "@certavis/i18n-fr/server";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";

/**
 * Until migrations and the seed are done (`ctx.state.ready`), the API answers 503; the contract's
 * `healthGet` handler (modules/system) answers `{"status":"ok"}` after.
 */
export function registerStartupGate(app: FastifyInstance, ctx: AppContext): void {
  // A callback hook, not an async one: once ready, a request passes without a promise.
  app.addHook("onRequest", (request, reply, done) => {
    // Shutting down (SIGTERM): the health check tells the load balancer to stop sending; the other
    // requests are still served until the server closes.
    if (ctx.state.stopping && request.url.startsWith("/api/v1/health")) {
      reply.code(503).header("retry-after", "1");
      reply.send({ status: "stopping" });
      return;
    }
    if (ctx.state.ready || !request.url.startsWith("/api/")) {
      done();
      return;
    }
    reply.code(503).header("retry-after", "1");
    reply.send(
      request.url.startsWith("/api/v1/health") ? { status: "starting" } : { detail: fr.server.http.starting },
    );
  });
}
