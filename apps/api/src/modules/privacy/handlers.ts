import { fr } from "@certavis/i18n-fr/server";
import { and, desc, eq, sql } from "drizzle-orm";
import { pageOfRows } from "../../db/page-of-rows";
import { emailSuppressions } from "../../db/schema";
import { callerCompanyId, callerUser } from "../../http/caller";
import { forbidden, notFound } from "../../http/errors";
import { sendHtmlPage } from "../../http/html-page";
import { isMultipart, readTextFields } from "../../http/multipart";
import { defineHandlers, type SchemaOf } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { eraseBuyer } from "./erasure";
import { suppressAddress } from "./suppressions";
import { unsubscribeTarget } from "./unsubscribe-order";
import { renderUnsubscribeConfirm, renderUnsubscribed, renderUnsubscribeInvalid } from "./unsubscribe-page";

type SuppressionView = SchemaOf<"Suppression">;

const selfUrl = (token: string) => `/api/v1/public/unsubscribe/?token=${encodeURIComponent(token)}`;

/** One-click unsubscribe (RFC 8058), the company's suppression list, a buyer's erasure. */
export const privacyHandlers = defineHandlers({
  publicUnsubscribePage: async (request, reply) => {
    const { db, keys } = request.server.ctx;
    const target = await unsubscribeTarget(db, keys.all("review-key"), request.query.token);
    if (!target) return sendHtmlPage(reply, 404, renderUnsubscribeInvalid());
    return sendHtmlPage(
      reply,
      200,
      renderUnsubscribeConfirm(target.companyName, selfUrl(request.query.token)),
    );
  },

  publicUnsubscribe: async (request, reply) => {
    const { db, keys, now } = request.server.ctx;
    // RFC 8058 lets providers post `List-Unsubscribe=One-Click` as multipart/form-data too: read
    // (bounded, no file) and, like the urlencoded body, it changes nothing: the POST itself is the click.
    if (isMultipart(request)) await readTextFields(request, { maxFields: 4, maxFieldBytes: 1024 });
    const target = await unsubscribeTarget(db, keys.all("review-key"), request.query.token);
    if (!target) return sendHtmlPage(reply, 404, renderUnsubscribeInvalid());
    await db.transaction((tx) =>
      suppressAddress(tx, keys, target.companyId, target.email, "unsubscribe", now()),
    );
    return sendHtmlPage(reply, 200, renderUnsubscribed(target.companyName));
  },

  companySuppressionsList: async (request) => {
    const { db } = request.server.ctx;
    const companyId = callerCompanyId(request);
    const page = pageParams(request.query);
    const search = request.query.search?.trim().toLowerCase();
    const where = and(
      eq(emailSuppressions.companyId, companyId),
      search ? sql`strpos(${emailSuppressions.email}, ${search}) > 0` : undefined,
    );
    const { count, rows } = await pageOfRows(
      db,
      emailSuppressions,
      where,
      [desc(emailSuppressions.createdAt), desc(emailSuppressions.id)],
      page,
    );
    return paged(
      request,
      page,
      count,
      rows.map(
        (row): SuppressionView => ({
          id: row.id,
          email: row.email,
          reason: row.reason as SuppressionView["reason"],
          created_at: row.createdAt.toISOString(),
        }),
      ),
    );
  },

  companySuppressionsDelete: async (request, reply) => {
    const { db } = request.server.ctx;
    const companyId = callerCompanyId(request);
    const where = and(
      eq(emailSuppressions.id, request.params.id),
      eq(emailSuppressions.companyId, companyId),
    );
    const [row] = await db.select({ reason: emailSuppressions.reason }).from(emailSuppressions).where(where);
    if (!row) throw notFound();
    if (row.reason !== "bounce") throw forbidden(fr.server.privacy.suppressionKept);
    await db.delete(emailSuppressions).where(and(where, eq(emailSuppressions.reason, "bounce")));
    return reply.code(204).send();
  },

  companyPrivacyErasuresCreate: async (request) => {
    const { db, storage, keys, now } = request.server.ctx;
    return eraseBuyer(db, storage, keys, {
      companyId: callerCompanyId(request),
      email: request.body.email,
      by: callerUser(request),
      now: now(),
    });
  },
});
