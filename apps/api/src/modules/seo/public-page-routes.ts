import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sensitiveRateLimit } from "../../http/security";
import { etagOf, PUBLIC_REVALIDATED, sendCacheable } from "../../http/send-cacheable";
import { type CachedBody, createBodyCache } from "../../lib/body-cache";
import { onReviewsChanged } from "../../lib/reviews-changed";
import { renderPublicNotFound, renderPublicPage, renderPublicReviewPage } from "./public-page";
import { loadPublicPage, loadPublicReview } from "./public-page-data";
import { robotsTxt, sitemapPart, sitemapXml } from "./sitemap";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class PageNotFound extends Error {}

const HTML = "text/html; charset=utf-8";
const XML = "application/xml; charset=utf-8";

/** `?note=1..5` and `?page=n` as the page reads them: anything else is the unfiltered first page. */
function pageQuery(query: unknown): { note: number | null; page: number } {
  const { note, page } = (query ?? {}) as { note?: unknown; page?: unknown };
  const n = typeof note === "string" && /^[1-5]$/.test(note) ? Number(note) : null;
  const p = typeof page === "string" && /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1;
  return { note: n, page: p };
}

/**
 * The public review pages `/avis/{slug}`, `/avis/{slug}/produits/{id}` and `/avis/{slug}/{review id}`,
 * `/sitemap.xml`, its files `/sitemaps/{n}.xml` and
 * `/robots.txt`: server-rendered, kept painted in-process (5 s fresh, then refreshed in the
 * background) and revalidated by every visitor (ETag, 304), so that a moderation shows at once: a
 * change of a company's reviews or of the company itself forgets its pages.
 */
export function registerPublicPages(app: FastifyInstance): void {
  const { ctx } = app;
  const origin = ctx.config.publicUrl;
  const cache = createBodyCache({ freshMs: 5_000, staleMs: 60_000, maxEntries: 2000 });
  const slugsOf = new Map<string, Set<string>>();
  onReviewsChanged((companyId) => {
    for (const slug of slugsOf.get(companyId) ?? []) cache.forget(`page:${slug}`);
    slugsOf.delete(companyId);
    cache.forget("sitemap");
  });

  const procedureOf = (companyId: string) =>
    `${ctx.config.widgetUrl}/widget/fonctionnement?company_id=${companyId}`;
  const notFound = (reply: FastifyReply) =>
    reply.code(404).type(HTML).header("cache-control", "no-cache").send(renderPublicNotFound());

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const { slug, productId } = request.params as { slug: string; productId?: string };
    if (productId !== undefined && !UUID.test(productId)) return notFound(reply);
    const { note, page: number } = pageQuery(request.query);
    const load = async (): Promise<CachedBody> => {
      const data = await loadPublicPage(ctx.db, ctx.storage, {
        slug,
        productId: productId ?? null,
        note,
        page: number,
      });
      if (!data) throw new PageNotFound();
      const slugs = slugsOf.get(data.company.id) ?? new Set();
      slugsOf.set(data.company.id, slugs.add(slug));
      const body = renderPublicPage(data, note, {
        origin,
        procedure: procedureOf(data.company.id),
        now: ctx.now(),
      });
      return { body, etag: etagOf(body) };
    };
    try {
      const cached = await cache.get(`page:${slug}`, `${productId ?? ""}|${note ?? ""}|${number}`, load);
      return sendCacheable(request, reply, cached, HTML, PUBLIC_REVALIDATED);
    } catch (error) {
      if (error instanceof PageNotFound) return notFound(reply);
      throw error;
    }
  };
  app.get("/avis/:slug", page);
  app.get("/avis/:slug/produits/:productId", page);

  // One review's page: the `review_url` of Google's feed (a page for that review, its partner rules).
  app.get("/avis/:slug/:reviewId", async (request, reply) => {
    const { slug, reviewId } = request.params as { slug: string; reviewId: string };
    if (!UUID.test(reviewId)) return notFound(reply);
    const load = async (): Promise<CachedBody> => {
      const data = await loadPublicReview(ctx.db, ctx.storage, slug, reviewId);
      if (!data) throw new PageNotFound();
      const slugs = slugsOf.get(data.company.id) ?? new Set();
      slugsOf.set(data.company.id, slugs.add(slug));
      const body = renderPublicReviewPage(data, {
        origin,
        procedure: procedureOf(data.company.id),
        now: ctx.now(),
      });
      return { body, etag: etagOf(body) };
    };
    try {
      const cached = await cache.get(`page:${slug}`, `review|${reviewId.toLowerCase()}`, load);
      return sendCacheable(request, reply, cached, HTML, PUBLIC_REVALIDATED);
    } catch (error) {
      if (error instanceof PageNotFound) return notFound(reply);
      throw error;
    }
  });

  app.get("/sitemap.xml", async (request, reply) => {
    const cached = await cache.get("sitemap", "index", async () => {
      const body = await sitemapXml(ctx.db, origin);
      return { body, etag: etagOf(body) };
    });
    return sendCacheable(request, reply, cached, XML, PUBLIC_REVALIDATED);
  });
  // A file reads up to 50,000 pages: kept painted like the index, and limited per IP.
  app.get(
    "/sitemaps/:part",
    { config: { rateLimit: sensitiveRateLimit(ctx.config) } },
    async (request, reply) => {
      const match = /^([1-9]\d{0,4})\.xml$/.exec((request.params as { part: string }).part);
      if (!match) return notFound(reply);
      const number = Number(match[1]);
      try {
        const cached = await cache.get("sitemap", `part|${number}`, async () => {
          const body = await sitemapPart(ctx.db, origin, number);
          if (body === null) throw new PageNotFound();
          return { body, etag: etagOf(body) };
        });
        return sendCacheable(request, reply, cached, XML, PUBLIC_REVALIDATED);
      } catch (error) {
        if (error instanceof PageNotFound) return notFound(reply);
        throw error;
      }
    },
  );
  const robots = robotsTxt(origin);
  const robotsEtag = etagOf(robots);
  app.get("/robots.txt", (request, reply) =>
    sendCacheable(request, reply, { body: robots, etag: robotsEtag }, "text/plain; charset=utf-8"),
  );
}
