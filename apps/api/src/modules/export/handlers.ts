import { eq } from "drizzle-orm";
import { companies } from "../../db/schema";
import { callerCompanyId } from "../../http/caller";
import { notFound } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { companyExportZip } from "./company-export";

/** Everything out (ARCHITECTURE §10.16): the company's ZIP export. */
export const exportHandlers = defineHandlers({
  companyExport: async (request, reply) => {
    const { database, storage, now } = request.server.ctx;
    const companyId = callerCompanyId(request);
    const [company] = await database.db
      .select({ id: companies.id, name: companies.name, slug: companies.slug, logoPath: companies.logoPath })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw notFound();
    const at = now();
    reply.header("content-type", "application/zip");
    reply.header(
      "content-disposition",
      `attachment; filename="certavis-export-${company.slug}-${at.toISOString().slice(0, 10)}.zip"`,
    );
    // Never kept by a cache on the way: it holds buyers' personal data.
    reply.header("cache-control", "no-store");
    return reply.send(companyExportZip(database, storage, company, at));
  },
});
