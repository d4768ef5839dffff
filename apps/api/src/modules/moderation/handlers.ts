import { requestModeration } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import { companies } from "../../db/schema";
import { callerCompanyId, callerUser } from "../../http/caller";
import { conflict, notFound } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { reviewsChanged } from "../../lib/reviews-changed";
import { appealStatement, createAppeal } from "./appeals";
import { moderationState, moderationView } from "./company-moderation";
import { contestReview, contestView } from "./contests";
import { createPublicReport, shopReports } from "./public-reports";
import { moderationRules } from "./rules";

export const moderationHandlers = defineHandlers({
  companyModerationUpdate: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, now } = request.server.ctx;
    const at = now();
    const view = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          moderation: companies.moderation,
          moderationRequestedAt: companies.moderationRequestedAt,
          moderationEffectiveAt: companies.moderationEffectiveAt,
        })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for("update");
      if (!row) throw notFound();
      const next = requestModeration(moderationState(row), request.body.mode, at);
      if (!next) throw conflict(fr.server.moderation.errors.unchanged);
      const columns = {
        moderation: next.moderation,
        moderationRequestedAt: next.requestedAt,
        moderationEffectiveAt: next.effectiveAt,
      };
      await tx
        .update(companies)
        .set({ ...columns, updatedAt: at })
        .where(eq(companies.id, companyId));
      return moderationView(columns, at);
    });
    // Who moderates shows on the public pages, the widget, the badge and the procedure.
    reviewsChanged(companyId);
    return view;
  },

  companyReviewsContest: async (request, reply) => {
    const row = await contestReview(request.server.ctx, {
      companyId: callerCompanyId(request),
      reviewId: request.params.id,
      user: callerUser(request),
      reason: request.body.reason,
      explanation: request.body.explanation,
    });
    reply.code(201);
    return contestView(row);
  },

  companyReportsList: async (request) => {
    const page = pageParams(request.query);
    const { count, results } = await shopReports(
      request.server.ctx.db,
      callerCompanyId(request),
      request.query.status,
      page,
    );
    return paged(request, page, count, results);
  },

  publicReviewReport: async (request, reply) => {
    reply.header("access-control-allow-origin", "*");
    const received = await createPublicReport(request.server.ctx, {
      reviewId: request.params.id,
      reason: request.body.reason,
      explanation: request.body.explanation,
      email: request.body.email,
      ip: request.ip,
    });
    reply.code(201);
    return received;
  },

  publicModerationRulesGet: async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    return moderationRules();
  },

  publicAppealGet: async (request) => appealStatement(request.server.ctx, request.query.token),

  publicAppealCreate: async (request, reply) => {
    const received = await createAppeal(request.server.ctx, request.body.token, request.body.explanation);
    reply.code(201);
    return received;
  },
});
