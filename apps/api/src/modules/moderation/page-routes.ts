import { fr } from "@certavis/i18n-fr/server";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { companies, reviews } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { publicAuthorName } from "../../lib/public-author-name";
import { appealStatement, createAppeal } from "./appeals";
import {
  EMPTY_REPORT,
  type ReportedReview,
  RULES_PATH,
  renderAppealPage,
  renderReceivedPage,
  renderReportPage,
  renderRulesPage,
} from "./moderation-pages";
import { createPublicReport } from "./public-reports";
import { moderationRules } from "./rules";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HTML = "text/html; charset=utf-8";

const text = (value: unknown) => (typeof value === "string" ? value : "");
const fieldErrorsOf = (error: HttpError): Record<string, string[]> =>
  "detail" in error.body ? {} : (error.body as Record<string, string[]>);
const detailOf = (error: HttpError) =>
  "detail" in error.body && typeof error.body.detail === "string" ? error.body.detail : null;

/**
 * The public pages of moderation, readable and usable without any script: `/regles-de-moderation`,
 * 'Signaler' (`/signaler/{review id}`: GET the form, POST it) and the appeal (`/recours?token=`).
 */
export function registerModerationPages(app: FastifyInstance): void {
  const { ctx } = app;
  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .type(HTML)
      .header("cache-control", "no-cache")
      .send(renderReceivedPage(fr.server.publicPages.notFoundTitle, fr.server.publicPages.notFound, null));

  const rulesPage = renderRulesPage(moderationRules());
  app.get(RULES_PATH, (_request, reply) =>
    reply.type(HTML).header("cache-control", "public, max-age=300").send(rulesPage),
  );

  async function reportedReview(id: string): Promise<ReportedReview | null> {
    if (!UUID.test(id)) return null;
    const [row] = await ctx.db
      .select({ review: reviews, slug: companies.slug, companyName: companies.name })
      .from(reviews)
      .innerJoin(companies, eq(companies.id, reviews.companyId))
      .where(and(eq(reviews.id, id), eq(reviews.status, "approved")));
    if (!row) return null;
    return {
      id: row.review.id,
      slug: row.slug,
      companyName: row.companyName,
      authorName: publicAuthorName(row.review.authorFirstName, row.review.authorLastName),
      title: row.review.title || null,
      comment: row.review.comment || null,
    };
  }

  app.get("/signaler/:id", async (request, reply) => {
    const review = await reportedReview((request.params as { id: string }).id);
    if (!review) return notFound(reply);
    return reply.type(HTML).header("cache-control", "no-store").send(renderReportPage(review, EMPTY_REPORT));
  });

  app.post("/signaler/:id", async (request, reply) => {
    const review = await reportedReview((request.params as { id: string }).id);
    if (!review) return notFound(reply);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const state = { reason: text(body.reason), explanation: text(body.explanation), email: text(body.email) };
    try {
      const received = await createPublicReport(ctx, {
        reviewId: review.id,
        reason: state.reason,
        explanation: state.explanation,
        email: state.email,
        ip: request.ip,
      });
      return reply
        .type(HTML)
        .header("cache-control", "no-store")
        .send(
          renderReceivedPage(fr.server.moderation.reportPage.received, received.detail, {
            href: `/avis/${review.slug}`,
            label: fr.server.moderation.reportPage.back,
          }),
        );
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode === 404) throw error;
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply
        .code(error.statusCode)
        .type(HTML)
        .header("cache-control", "no-store")
        .send(renderReportPage(review, { ...state, errors: fieldErrorsOf(error), detail: detailOf(error) }));
    }
  });

  app.get("/recours", async (request, reply) => {
    const token = text((request.query as Record<string, unknown>).token);
    try {
      const statement = await appealStatement(ctx, token);
      return reply
        .type(HTML)
        .header("cache-control", "no-store")
        .send(renderAppealPage(token, statement, { explanation: "", errors: {}, detail: null }));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return notFound(reply);
      throw error;
    }
  });

  app.post("/recours", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = text(body.token);
    const explanation = text(body.explanation);
    let statement: Awaited<ReturnType<typeof appealStatement>>;
    try {
      statement = await appealStatement(ctx, token);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return notFound(reply);
      throw error;
    }
    try {
      const received = await createAppeal(ctx, token, explanation);
      return reply
        .type(HTML)
        .header("cache-control", "no-store")
        .send(renderReceivedPage(fr.server.moderation.appealPage.received, received.detail, null));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return reply
        .code(error.statusCode)
        .type(HTML)
        .header("cache-control", "no-store")
        .send(
          renderAppealPage(token, statement, {
            explanation,
            errors: fieldErrorsOf(error),
            detail: detailOf(error),
          }),
        );
    }
  });
}
