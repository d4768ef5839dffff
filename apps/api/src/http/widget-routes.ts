import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { createBodyCache } from "../lib/body-cache";
import { onReviewsChanged } from "../lib/reviews-changed";
import { companyProcedurePage } from "../modules/certification/procedure";
import { noteWidgetShown } from "../modules/get-started/widget-shown";
import { etagOf, PUBLIC_REVALIDATED, sendCacheable } from "./send-cacheable";
import { spaBuild } from "./spa";
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

/** The pre-renderer gave the page back as built (data unreadable): sent as built, kept nowhere. */
class Unpainted extends Error {}

/**
 * The widget's index.html with the first reviews painted in HTML and inlined as JSON, so they show
 * before (and without) any JavaScript; `null` when the page is to be served as built. The data is the
 * public reviews endpoint's own answer, read in-process with `app.inject` (same rules, same cache,
 * same errors).
 */
async function paintWidgetPage(
  request: FastifyRequest,
  renderer: WidgetRenderer,
  index: string,
  memo: PageMemo,
): Promise<string | null> {
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
    const html = await renderer.renderWidgetPage(index, searchOf(request.url), fetchJson, memo);
    return html === index ? null : html;
  } catch (error) {
    request.log.warn({ err: error }, "widget pre-render failed: serving the page as built");
    return null;
  }
}

/**
 * The company a widget query is for, as `reviewsChanged` names it (a UUID in lower case); any other
 * value (missing, malformed) groups its pages under "" (no reviews to change there).
 */
function companyOfSearch(search: string): string {
  return new URLSearchParams(search).get("company_id")?.trim().toLowerCase() ?? "";
}

/**
 * `/widget*` (the widget build, framable by any site: see security.ts), `/widget/fonctionnement` (how
 * reviews are collected and moderated) and `/embed.js` (the loader). Static assets come from
 * apps/widget/dist; any other `/widget/...` path falls back to the page.
 *
 * The page (any query) is painted with its first reviews and kept by query like the public reviews it
 * is made of (5 s fresh, then refreshed in the background; a change of the company's reviews forgets
 * it at once), so that a page view costs what sending a kept body costs: the widget is the most
 * requested page. It has an ETag and is revalidated each time (a moderation shows at once, 304 when
 * unchanged); a page served as built (data unreadable, no pre-renderer) has none and is kept nowhere.
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
  const pages = createBodyCache({ freshMs: 5_000, staleMs: 60_000, maxEntries: 1000 });
  const stopListening = onReviewsChanged((companyId) => pages.forget(companyId.toLowerCase()));
  app.addHook("onClose", async () => {
    stopListening();
  });
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    noteWidgetShown(request);
    const renderer = await loadRenderer();
    if (!build.exists || !renderer) return build.sendIndex(reply);
    const search = searchOf(request.url);
    try {
      const painted = await pages.get(companyOfSearch(search), search, async () => {
        const html = await paintWidgetPage(request, renderer, indexHtml(), memo);
        if (html === null) throw new Unpainted();
        return { body: html, etag: memo.etagOf(html) };
      });
      return sendCacheable(request, reply, painted, "text/html; charset=utf-8", PUBLIC_REVALIDATED);
    } catch (error) {
      if (error instanceof Unpainted) return build.sendIndex(reply);
      throw error;
    }
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
  const embedOrigin = httpOrigin(deps.widgetUrl);
  // Each loader read (and given its origin) once: it is requested by every page view of every shop.
  // `/embed.js` brings the parts a page needs: `?widget` (frames, heights, JSON-LD) and `?stars` (the
  // listing pages' stars alone, without the widget's code; also included by the pages themselves).
  const loaders = new Map<string, string>();
  const loader = (file: string): string | null => {
    const cached = loaders.get(file);
    if (cached !== undefined) return cached;
    const path = join(deps.distDir, file);
    if (!existsSync(path)) return null;
    const text = readFileSync(path, "utf8");
    const body = embedOrigin ? text.replaceAll(EMBED_ORIGIN_MARK, embedOrigin) : text;
    loaders.set(file, body);
    return body;
  };
  app.get("/embed.js", async (request, reply) => {
    const query = request.query as object;
    const file = Object.hasOwn(query, "stars")
      ? "embed-stars.js"
      : Object.hasOwn(query, "widget")
        ? "embed-widget.js"
        : "embed.js";
    const body = loader(file);
    if (body === null) {
      return reply
        .code(404)
        .type("application/javascript; charset=utf-8")
        .send("/* Certavis : le widget n'est pas construit (pnpm --filter @certavis/widget build). */\n");
    }
    return reply
      .type("application/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .header("access-control-allow-origin", "*")
      .send(body);
  });
  return { page };
}
