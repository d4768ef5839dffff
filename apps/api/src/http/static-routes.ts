import { tmpdir } from "node:os";
import { fr } from "@certavis/i18n-fr/server";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { registerModerationPages } from "../modules/moderation/page-routes";
import { registerPublicPages } from "../modules/seo/public-page-routes";
import { APP_DIST_DIRS } from "../paths";
import { registerFavicon } from "./favicon";
import { spaBuild } from "./spa";
import { buildCacheHeaders } from "./static-cache";
import { registerWidgetRoutes } from "./widget-routes";

/**
 * Everything that is not the API: uploads, the review form at `/create-reviews*`, the widget (own
 * plugin), and the back-office for every other path, with SPA fallbacks to each index.html.
 */
export async function registerStaticRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Files in a bucket are served by the bucket (S3_PUBLIC_URL); the reply's sendFile stays available.
  await app.register(fastifyStatic, {
    root: ctx.storage.root ?? tmpdir(),
    prefix: "/uploads/",
    serve: ctx.storage.root !== null,
    index: false,
    decorateReply: true,
    cacheControl: true,
    maxAge: "1d",
  });

  const reviewForm = spaBuild(
    APP_DIST_DIRS.reviewForm,
    "Formulaire d'avis",
    "pnpm --filter @certavis/review-form build",
  );
  app.get("/create-reviews", (_request, reply) => reviewForm.sendIndex(reply));
  app.get("/create-reviews/", (_request, reply) => reviewForm.sendIndex(reply));
  if (reviewForm.exists) {
    await app.register(fastifyStatic, {
      root: reviewForm.distDir,
      prefix: "/create-reviews/",
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: buildCacheHeaders(reviewForm.distDir),
    });
  }

  registerPublicPages(app);
  registerModerationPages(app);
  registerFavicon(app);

  const widget = await registerWidgetRoutes(app, {
    distDir: APP_DIST_DIRS.widget,
    widgetUrl: ctx.config.widgetUrl,
  });

  const backoffice = spaBuild(
    APP_DIST_DIRS.backoffice,
    "Back-office",
    "pnpm --filter @certavis/backoffice build",
  );
  if (backoffice.exists) {
    await app.register(fastifyStatic, {
      root: backoffice.distDir,
      prefix: "/",
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: buildCacheHeaders(backoffice.distDir),
    });
  }
  app.get("/", (_request, reply) => backoffice.sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const isPage = request.method === "GET" || request.method === "HEAD";
    if (!isPage || path.startsWith("/api/") || path.startsWith("/uploads/") || path.startsWith("/_dev/")) {
      return reply.code(404).send({ detail: fr.server.http.notFound });
    }
    // A missing asset is a 404, not the SPA's HTML.
    if (/\/assets\//.test(path) || /\.(js|css|map|png|jpe?g|webp|gif|svg|ico|woff2?)$/.test(path)) {
      return reply.code(404).send({ detail: fr.server.http.notFound });
    }
    if (path.startsWith("/create-reviews")) return reviewForm.sendIndex(reply);
    if (path.startsWith("/widget")) return widget.page(request, reply);
    return backoffice.sendIndex(reply);
  });
}
