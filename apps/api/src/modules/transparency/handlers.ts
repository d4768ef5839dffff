import { notFound } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { companyTransparency, serviceTransparency } from "./transparency";

/** The public transparency figures as JSON (the pages `/transparence` and `/avis/{slug}/transparence` show them). */
export const transparencyHandlers = defineHandlers({
  publicTransparencyGet: async (request) =>
    serviceTransparency(request.server.ctx.db, request.server.ctx.now()),
  publicCompanyTransparencyGet: async (request) => {
    const figures = await companyTransparency(
      request.server.ctx.db,
      request.params.slug,
      request.server.ctx.now(),
    );
    if (!figures) throw notFound();
    return figures;
  },
});
