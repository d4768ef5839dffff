import type { FastifyInstance } from "fastify";

/** Certavis's icon (a white star on the brand's green), one file for every page we serve. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#12a594"/><path fill="#fff" d="M16 5.5l3.1 6.6 7.2.9-5.3 5 1.4 7.1L16 21.6l-6.4 3.5 1.4-7.1-5.3-5 7.2-.9z"/></svg>`;

/** Where the icon is served: every HTML page of ours links it (back-office, review form, the server's pages). */
export const FAVICON_HREF = "/favicon.svg";

/** `/favicon.svg`, and `/favicon.ico` (what browsers ask for by themselves) sent to it. */
export function registerFavicon(app: FastifyInstance): void {
  app.get("/favicon.svg", (_request, reply) =>
    reply
      .header("content-type", "image/svg+xml; charset=utf-8")
      .header("cache-control", "public, max-age=86400")
      .send(FAVICON_SVG),
  );
  app.get("/favicon.ico", (_request, reply) => reply.redirect("/favicon.svg", 301));
}
