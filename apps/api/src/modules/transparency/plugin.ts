import { fr } from "@certavis/i18n-fr/server";
import type { FastifyInstance } from "fastify";
import { sendHtmlPage } from "../../http/html-page";
import { companyTransparency, serviceTransparency } from "./transparency";
import { transparencyPage } from "./transparency-page";

/** The pages `/transparence` (the service) and `/avis/{slug}/transparence` (a company). */
export async function registerTransparencyPages(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get("/transparence", async (_request, reply) =>
    sendHtmlPage(
      reply,
      200,
      transparencyPage(await serviceTransparency(ctx.db, ctx.now()), "/api/v1/public/transparency/"),
    ),
  );
  app.get("/avis/:slug/transparence", async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const data = /^[a-z0-9-]{1,60}$/i.test(slug) ? await companyTransparency(ctx.db, slug, ctx.now()) : null;
    if (!data) return reply.code(404).type("text/plain; charset=utf-8").send(fr.server.transparency.notFound);
    return sendHtmlPage(
      reply,
      200,
      transparencyPage(
        data,
        `/api/v1/public/companies/${encodeURIComponent(data.company?.slug ?? slug)}/transparency/`,
      ),
    );
  });
}
