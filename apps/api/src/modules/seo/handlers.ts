import { pipeline } from "node:stream";
import { callerCompanyId } from "../../http/caller";
import { notFound } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { acceptsGzip, isNotModified, PUBLIC_REVALIDATED, sendCacheable } from "../../http/send-cacheable";
import { streamedGzip } from "../../lib/streamed-gzip";
import { googleMerchantFeed, merchantFeedEtag } from "./google-merchant-feed";
import { feedHead, googleReviewsFeed, keptFeed } from "./google-reviews-feed";
import { googleStatus } from "./google-status";

const FEED_TYPE = "application/xml; charset=utf-8";

export const seoHandlers = defineHandlers({
  publicGoogleReviewsFeedGet: async (request, reply) => {
    const { ctx } = request.server;
    const { company, etag, reviews } = await feedHead(ctx.db, request.query.company_id);
    if (isNotModified(request, reply, etag, PUBLIC_REVALIDATED, true)) {
      reply.code(304);
      return reply.send();
    }
    // From memory unless even its gzip is too big to keep: then streamed from the database.
    const kept = await keptFeed(ctx, company, etag, reviews);
    if (kept) return sendCacheable(request, reply, kept, FEED_TYPE, PUBLIC_REVALIDATED);
    reply.header("content-type", FEED_TYPE);
    const feed = googleReviewsFeed(ctx, company);
    if (!acceptsGzip(request.headers["accept-encoding"])) return reply.send(feed);
    reply.header("content-encoding", "gzip");
    // pipeline, not pipe: a reader that goes away stops the feed's queries too.
    return reply.send(pipeline(feed, streamedGzip(), () => {}));
  },

  publicGoogleMerchantReviewsFeedGet: async (request, reply) => {
    const { ctx } = request.server;
    const { company_id: companyId, since } = request.query;
    const scope = { companyId, since: since ? new Date(since) : undefined };
    const etag = await merchantFeedEtag(ctx.db, scope);
    if (isNotModified(request, reply, etag, PUBLIC_REVALIDATED, true)) {
      reply.code(304);
      return reply.send();
    }
    // Always streamed: the whole service's feed is never held (a reader's 304 is the cheap path).
    reply.header("content-type", FEED_TYPE);
    const feed = googleMerchantFeed(ctx, scope);
    if (!acceptsGzip(request.headers["accept-encoding"])) return reply.send(feed);
    reply.header("content-encoding", "gzip");
    return reply.send(pipeline(feed, streamedGzip(), () => {}));
  },

  companyGoogleStatusGet: async (request) => {
    const status = await googleStatus(request.server.ctx, callerCompanyId(request));
    if (!status) throw notFound();
    return status;
  },
});
