import { can } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { companies, memberships } from "../../db/schema";
import { callerCompanyId, callerUser } from "../../http/caller";
import { notFound } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { companyExportZip } from "./company-export";
import { EXPORT_LINK_LIFETIME_MS, exportLinkToken, readExportLinkToken } from "./export-link";

/** Streams `companyId`'s ZIP as a download (a file the browser saves, never kept by a cache). */
async function sendExport(request: FastifyRequest, reply: FastifyReply, companyId: string) {
  const { database, storage, now } = request.server.ctx;
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
}

/** Everything out (ARCHITECTURE §10.16): the company's ZIP export, by the API or by a signed link. */
export const exportHandlers = defineHandlers({
  companyExport: async (request, reply) => sendExport(request, reply, callerCompanyId(request)),

  companyExportLink: async (request) => {
    const { keys, now, config } = request.server.ctx;
    const expiresAt = new Date(now().getTime() + EXPORT_LINK_LIFETIME_MS);
    const token = exportLinkToken(
      keys.currentKey("access-token"),
      callerCompanyId(request),
      callerUser(request).id,
      expiresAt,
    );
    return {
      url: `${config.publicUrl.replace(/\/+$/, "")}/api/v1/company/export/download/?token=${encodeURIComponent(token)}`,
      expires_at: expiresAt.toISOString(),
    };
  },

  companyExportDownload: async (request, reply) => {
    const { db, keys, now } = request.server.ctx;
    const link = readExportLinkToken(keys.all("access-token"), request.query.token, now());
    // The member may have left the company or lost the right since the link was made.
    const [member] = link
      ? await db
          .select({ role: memberships.role })
          .from(memberships)
          .where(and(eq(memberships.companyId, link.companyId), eq(memberships.userId, link.userId)))
      : [];
    if (!link || !member || !can(member.role, "data.export"))
      throw notFound(fr.server.companyExport.linkInvalid);
    return sendExport(request, reply, link.companyId);
  },
});
