import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { companyProcedurePage } from "../modules/certification/procedure";
import { noteWidgetShown } from "../modules/get-started/widget-shown";
import { etagOf, PUBLIC_REVALIDATED, sendCacheable } from "./send-cacheable";
import { type SpaBuild, spaBuild } from "./spa";
import { buildCacheHeaders } from "./static-cache";

export interface WidgetRouteDeps {
  /** apps/widget/dist */
  distDir: string;
  /** WIDGET_URL: written into /embed.js, so the loader need not read its own script element. */
  widgetUrl?: string;
}

/** The mark of apps/widget's embed.ts that /embed.js carries in place of the widget's origin. */
export const EMBED_ORIGIN_MARK = "__CERTAVIS_WIDGET_ORIGIN__";

function httpOrigin(url: string | undefined): string | null {
  try {
    const origin = url ? new URL(url).origin : "null";
    return /^https?:\/\/[^/]+$/.test(origin) ? origin : null;
  } catch {
    return null;
  }
}

/** How the widget's pre-renderer reads an API path (here: in-process, through `app.inject`). */
type FetchJson = (path: string) => Promise<{ status: number; body: unknown; etag?: string }>;

/** Painted pages by parameters and data version, kept by the pre-renderer (see apps/widget/src/server). */
interface PageMemo {
  get(key: string): string | undefined;
  set(key: string, html: string): void;
  /** The ETag of a page, hashed once per page kept. */
  etagOf(html: string): string;
}

/** `apps/widget/dist/server/render.mjs`, built by the widget's `vite build` (see apps/widget/src/server). */
interface WidgetRenderer {
  renderWidgetPage(indexHtml: string, search: string, fetchJson: FetchJson, memo?: PageMemo): Promise<string>;
}

/**
 * At most `maxEntries` painted pages, the least recently used dropped first: the widget is the most
 * requested page, and painting it again for the same data costs the server ~2 ms. A page of data that
 * has changed since is never asked for again (its key holds the old version) and is dropped in turn.
 */
export function createPageMemo(maxEntries = 1000): PageMemo {
  const pages = new LRUCache<string, string>({ max: maxEntries });
  const etags = new LRUCache<string, string>({ max: maxEntries });
  return {
    get: (key) => pages.get(key),
    set: (key, html) => {
      pages.set(key, html);
      etags.set(html, etagOf(html));
    },
    etagOf: (html) => etags.get(html) ?? etagOf(html),
  };
}

/**
 * Loads the widget's pre-renderer once. It is a file of the widget's build, not a source import (apps
 * never import each other); when it is missing or broken the page is served as built and the widget's
 * script loads the reviews itself.
 */
function rendererLoader(distDir: string, app: FastifyInstance): () => Promise<WidgetRenderer | null> {
  let loading: Promise<WidgetRenderer | null> | null = null;
  return () => {
    loading ??= (async () => {
      const file = join(distDir, "server", "render.mjs");
      if (!existsSync(file)) return null;
      try {
        const module = (await import(pathToFileURL(file).href)) as Partial<WidgetRenderer>;
        return typeof module.renderWidgetPage === "function" ? (module as WidgetRenderer) : null;
      } catch (error) {
        app.log.warn(
          { err: error },
          "widget pre-renderer unavailable: serving the page without inlined reviews",
        );
        return null;
      }
    })();
    return loading;
  };
}

function searchOf(url: string): string {
  const index = url.indexOf("?");
  return index >= 0 ? url.slice(index) : "";
}

/**
 * The HTML answer of `/widget` (any query): the widget's index.html with the first reviews painted in
 * HTML and inlined as JSON, so they show before (and without) any JavaScript. The data is the public
 * reviews endpoint's own answer, read in-process with `app.inject` (same rules, same cache, same errors).
 * The painted page has an ETag (304 when unchanged) and is asked for again each time; an unpainted one
 * has none.
 */
export async function renderWidgetPage(
  request: FastifyRequest,
  reply: FastifyReply,
  build: SpaBuild,
  renderer: WidgetRenderer | null,
  indexHtml: () => string,
  memo?: PageMemo,
): Promise<FastifyReply> {
  if (!build.exists || !renderer) return build.sendIndex(reply);
  const fetchJson: FetchJson = async (path) => {
    const response = await request.server.inject({
      method: "GET",
      url: path,
      headers: { accept: "application/json" },
    });
    let body: unknown = null;
    try {
      body = response.body ? JSON.parse(response.body) : null;
    } catch {
      body = null;
    }
    const etag = response.headers.etag;
    return { status: response.statusCode, body, etag: typeof etag === "string" ? etag : undefined };
  };
  try {
    const index = indexHtml();
    const html = await renderer.renderWidgetPage(index, searchOf(request.url), fetchJson, memo);
    if (html === index) return build.sendIndex(reply);
    return sendCacheable(
      request,
      reply,
      { body: html, etag: memo ? memo.etagOf(html) : etagOf(html) },
      "text/html; charset=utf-8",
      PUBLIC_REVALIDATED,
    );
  } catch (error) {
    request.log.warn({ err: error }, "widget pre-render failed: serving the page as built");
    return build.sendIndex(reply);
  }
}

/**
 * `/widget*` (the widget build, framable by any site: see security.ts), `/widget/fonctionnement` (how
 * reviews are collected and moderated) and `/embed.js` (the loader). Static assets come from
 * apps/widget/dist; any other `/widget/...` path falls back to the page.
 */
export async function registerWidgetRoutes(
  app: FastifyInstance,
  deps: WidgetRouteDeps,
): Promise<{ page: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> }> {
  const build = spaBuild(deps.distDir, "Widget", "pnpm --filter @certavis/widget build");
  const loadRenderer = rendererLoader(deps.distDir, app);
  let cachedIndex: string | null = null;
  const indexHtml = () => {
    cachedIndex ??= readFileSync(join(deps.distDir, "index.html"), "utf8");
    return cachedIndex;
  };
  const memo = createPageMemo();
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    noteWidgetShown(request);
    return renderWidgetPage(request, reply, build, await loadRenderer(), indexHtml, memo);
  };
  app.get("/widget", page);
  app.get("/widget/", page);

  const howItWorks = spaBuild(
    join(deps.distDir, "fonctionnement"),
    "Widget",
    "pnpm --filter @certavis/widget build",
  );
  // With a company: that company's page, from what the product enforces; without: the generic page.
  const sendHowItWorks = async (request: FastifyRequest, reply: FastifyReply) => {
    const companyId = (request.query as { company_id?: unknown }).company_id;
    const html = typeof companyId === "string" ? await companyProcedurePage(request.server, companyId) : null;
    if (html === null) return howItWorks.sendIndex(reply);
    return reply.type("text/html; charset=utf-8").header("cache-control", "public, max-age=300").send(html);
  };
  app.get("/widget/fonctionnement", sendHowItWorks);
  app.get("/widget/fonctionnement/", sendHowItWorks);

  if (build.exists) {
    await app.register(fastifyStatic, {
      root: deps.distDir,
      prefix: "/widget/",
      decorateReply: false,
      index: false,
      wildcard: true,
      cacheControl: false,
      // The pre-renderer is for the server only; the page template is only served painted (see `page`).
      allowedPath: (pathName) => {
        const path = pathName.replace(/^\/+/, "");
        return !path.startsWith("server/") && path !== "index.html";
      },
      setHeaders: buildCacheHeaders(deps.distDir, 3600),
    });
  } else {
    app.get("/widget/*", page);
  }
  const embedPath = join(deps.distDir, "embed.js");
  const embedOrigin = httpOrigin(deps.widgetUrl);
  // Read (and given its origin) once: the loader is requested by every page view of every shop.
  let embedBody: string | null = null;
  app.get("/embed.js", async (_request, reply) => {
    if (embedBody === null && existsSync(embedPath)) {
      const file = readFileSync(embedPath, "utf8");
      embedBody = embedOrigin ? file.replaceAll(EMBED_ORIGIN_MARK, embedOrigin) : file;
    }
    if (embedBody === null) {
      return reply
        .code(404)
        .type("application/javascript; charset=utf-8")
        .send("/* Certavis : le widget n'est pas construit (pnpm --filter @certavis/widget build). */\n");
    }
    return reply
      .type("application/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .header("access-control-allow-origin", "*")
      .send(embedBody);
  });
  return { page };
}
