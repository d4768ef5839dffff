import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { etagOf } from "../../src/http/send-cacheable";
import { createPageMemo, EMBED_ORIGIN_MARK, registerWidgetRoutes } from "../../src/http/widget-routes";
import { reviewsChanged } from "../../src/lib/reviews-changed";

/**
 * The widget's routes on a real Fastify server, over a widget build laid out like `apps/widget/dist`
 * (the real pre-renderer is tested in apps/widget, the whole chain in e2e). The pre-renderer here reads
 * the public reviews through the server the way the real one does, and paints what it got.
 */

const INDEX = `<!doctype html><html lang="fr"><head><script type="module" src="/widget/assets/main.js"></script></head><body><div id="root"><!--certavis:widget-html--></div><!--certavis:widget-state--></body></html>`;

const RENDERER = `
export async function renderWidgetPage(indexHtml, search, fetchJson, memo) {
  const query = new URLSearchParams(search);
  if (query.get("company_id") === "boom") throw new Error("render failed");
  if (query.get("company_id") === "down") return indexHtml;
  const { status, body, etag } = await fetchJson("/api/v1/public/reviews/?company_id=" + query.get("company_id"));
  const html = "<p id=painted>" + status + " " + JSON.stringify(body).replace(/</g, "&lt;") + "</p>" +
    "<p id=version>" + etag + " " + typeof memo?.get + "</p>";
  return indexHtml.replace("<!--certavis:widget-html-->", html).replace("<!--certavis:widget-state-->", "<script id=state></script>");
}
`;

function widgetBuild(withRenderer: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), "certavis-widget-dist-"));
  mkdirSync(join(dir, "assets"));
  mkdirSync(join(dir, "fonctionnement"));
  writeFileSync(join(dir, "index.html"), INDEX);
  writeFileSync(join(dir, "assets", "main.js"), "console.log('widget');\n");
  writeFileSync(join(dir, "embed.js"), "(function(){/* loader */})();\n");
  writeFileSync(join(dir, "embed-stars.js"), "(function(){/* stars only */})();\n");
  writeFileSync(join(dir, "embed-widget.js"), "(function(){/* widget part */})();\n");
  writeFileSync(join(dir, "fonctionnement", "index.html"), "<h1>Comment les avis sont-ils contrôlés ?</h1>");
  if (withRenderer) {
    mkdirSync(join(dir, "server"));
    writeFileSync(join(dir, "server", "render.mjs"), RENDERER);
  }
  return dir;
}

async function serverFor(
  distDir: string,
  widgetUrl?: string,
): Promise<{ app: FastifyInstance; calls: string[] }> {
  const app = Fastify({ logger: false });
  const calls: string[] = [];
  app.get("/api/v1/public/reviews/", async (request, reply) => {
    calls.push(request.url);
    const { company_id: companyId } = request.query as { company_id?: string };
    if (companyId === "unknown") return reply.code(404).send({ detail: "Introuvable." });
    reply.header("etag", '"v1"');
    return { company: { name: "Maison <Lumière>" }, reviews: [] };
  });
  const widget = await registerWidgetRoutes(app, { distDir, widgetUrl });
  app.setNotFoundHandler((request, reply) =>
    request.url.startsWith("/widget") ? widget.page(request, reply) : reply.code(404).send({ detail: "x" }),
  );
  await app.ready();
  return { app, calls };
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("widget routes with a built widget and its pre-renderer", () => {
  let server: Awaited<ReturnType<typeof serverFor>> & { dir: string };
  beforeAll(async () => {
    const dir = widgetBuild(true);
    dirs.push(dir);
    server = { ...(await serverFor(dir)), dir };
  });
  afterAll(() => server.app.close());
  afterEach(() => {
    server.calls.length = 0;
  });

  it("paints /widget with the public reviews read in-process, query forwarded", async () => {
    const res = await server.app.inject({ method: "GET", url: "/widget?company_id=c1&product_id=all" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(server.calls).toEqual(["/api/v1/public/reviews/?company_id=c1"]);
    expect(res.body).toContain(
      '<p id=painted>200 {"company":{"name":"Maison &lt;Lumière>"},"reviews":[]}</p>',
    );
    expect(res.body).toContain("<script id=state></script>");
    expect(res.body).not.toContain("certavis:widget-html");
    // The renderer is given the data's version and the server's memo of painted pages.
    expect(res.body).toContain('<p id=version>"v1" function</p>');
  });

  it("gives the painted page an ETag (304 when unchanged, asked again each time), not the unpainted one", async () => {
    const url = "/widget?company_id=c1";
    const res = await server.app.inject({ method: "GET", url });
    expect(res.headers["cache-control"]).toBe("public, no-cache");
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await server.app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const other = await server.app.inject({ method: "GET", url: "/widget?company_id=unknown" });
    expect(other.headers.etag).not.toBe(etag);
    // A page left to the script (data unreadable) or served as built must be asked for again.
    for (const left of ["/widget?company_id=down", "/widget?company_id=boom"]) {
      const page = await server.app.inject({ method: "GET", url: left });
      expect(page.body, left).toBe(INDEX);
      expect(page.headers["cache-control"], left).toBe("no-cache");
      expect(page.headers.etag, left).toBeUndefined();
    }
  });

  it("paints the API's error answer too (the renderer turns it into the message)", async () => {
    const res = await server.app.inject({ method: "GET", url: "/widget/?company_id=unknown" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p id=painted>404 {"detail":"Introuvable."}</p>');
  });

  it("serves the page as built when the pre-renderer fails", async () => {
    const res = await server.app.inject({ method: "GET", url: "/widget?company_id=boom" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it("paints any other /widget/ page path the same way, index.html included", async () => {
    for (const url of ["/widget/autre?company_id=c2", "/widget/index.html?company_id=c3"]) {
      const res = await server.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("<p id=painted>200");
    }
    expect(server.calls).toEqual([
      "/api/v1/public/reviews/?company_id=c2",
      "/api/v1/public/reviews/?company_id=c3",
    ]);
  });

  it("keeps a query's painted page until the company's reviews change", async () => {
    const url = "/widget?company_id=C4&show_header=0";
    const first = await server.app.inject({ method: "GET", url });
    const second = await server.app.inject({ method: "GET", url });
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(server.calls).toEqual(["/api/v1/public/reviews/?company_id=C4"]);
    reviewsChanged("c4");
    await server.app.inject({ method: "GET", url });
    expect(server.calls).toHaveLength(2);
    // Another company's change leaves it.
    reviewsChanged("c5");
    await server.app.inject({ method: "GET", url });
    expect(server.calls).toHaveLength(2);
  });

  it("serves the widget's assets, long-cached, and never the pre-renderer's source", async () => {
    const asset = await server.app.inject({ method: "GET", url: "/widget/assets/main.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const unhashed = await server.app.inject({ method: "GET", url: "/widget/embed.js" });
    expect(unhashed.headers["cache-control"]).toBe("public, max-age=3600");
    for (const url of [
      "/widget/server/render.mjs",
      "/widget/%73erver/render.mjs",
      "/widget/assets/../server/render.mjs",
      "/widget//server/render.mjs",
    ]) {
      const res = await server.app.inject({ method: "GET", url });
      expect(res.body, url).not.toContain("renderWidgetPage");
    }
  });

  it("serves /widget/fonctionnement, with or without the final slash", async () => {
    for (const url of ["/widget/fonctionnement", "/widget/fonctionnement/"]) {
      const res = await server.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("Comment les avis sont-ils contrôlés ?");
    }
    expect(server.calls).toEqual([]);
  });

  it("serves /embed.js as JavaScript any site may load, cached 5 minutes", async () => {
    const res = await server.app.inject({ method: "GET", url: "/embed.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    expect(res.body).toContain("loader");
    // Read once: the file is not read again for each page view.
    writeFileSync(join(server.dir, "embed.js"), "(function(){/* rebuilt */})();\n");
    expect((await server.app.inject({ method: "GET", url: "/embed.js" })).body).toBe(res.body);
    // The listing pages' loader, their stars alone: the same address with `?stars`, the same headers.
    const stars = await server.app.inject({ method: "GET", url: "/embed.js?stars" });
    expect(stars.statusCode).toBe(200);
    expect(stars.body).toContain("stars only");
    expect(stars.headers["cache-control"]).toBe("public, max-age=300");
    expect(stars.headers["access-control-allow-origin"]).toBe("*");
    // The part the loader brings to a page with a widget: `?widget`.
    const widget = await server.app.inject({ method: "GET", url: "/embed.js?widget" });
    expect(widget.statusCode).toBe(200);
    expect(widget.body).toContain("widget part");
    expect(widget.headers["access-control-allow-origin"]).toBe("*");
  });
});

describe("the memo of painted widget pages", () => {
  it("keeps pages and their ETags up to its size, dropping the least recently used first", () => {
    const memo = createPageMemo(2);
    memo.set("a", "<p>a</p>");
    memo.set("b", "<p>b</p>");
    expect(memo.get("a")).toBe("<p>a</p>");
    expect(memo.etagOf("<p>b</p>")).toBe(etagOf("<p>b</p>"));
    memo.set("c", "<p>c</p>");
    expect([memo.get("a"), memo.get("b"), memo.get("c")]).toEqual(["<p>a</p>", undefined, "<p>c</p>"]);
    // A page it does not hold still gets its ETag.
    expect(memo.etagOf("<p>z</p>")).toBe(etagOf("<p>z</p>"));
  });
});

describe("/embed.js with WIDGET_URL", () => {
  it("carries the widget's origin in place of the loader's mark (the loader then reads no element)", async () => {
    const dir = widgetBuild(false);
    dirs.push(dir);
    writeFileSync(join(dir, "embed.js"), `(function(){start(\`${EMBED_ORIGIN_MARK}\`)})();\n`);
    const { app } = await serverFor(dir, "https://avis.example.fr/base/");
    const res = await app.inject({ method: "GET", url: "/embed.js" });
    expect(res.body).toBe("(function(){start(`https://avis.example.fr`)})();\n");
    await app.close();
    // A WIDGET_URL that is no http(s) origin is never written into a script.
    const odd = await serverFor(dir, "javascript:alert(1)");
    const left = await odd.app.inject({ method: "GET", url: "/embed.js" });
    expect(left.body).toContain(EMBED_ORIGIN_MARK);
    await odd.app.close();
  });
});

describe("widget routes without the pre-renderer", () => {
  it("serves the page as built; the widget's script then loads the reviews", async () => {
    const dir = widgetBuild(false);
    dirs.push(dir);
    const { app, calls } = await serverFor(dir);
    const res = await app.inject({ method: "GET", url: "/widget?company_id=c1" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(calls).toEqual([]);
    await app.close();
  });
});

describe("widget routes without a widget build", () => {
  it("shows the French placeholder page and a commented 404 for /embed.js", async () => {
    const dir = mkdtempSync(join(tmpdir(), "certavis-no-widget-"));
    dirs.push(dir);
    const { app } = await serverFor(dir);
    const page = await app.inject({ method: "GET", url: "/widget?company_id=c1" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("application non construite");
    const embed = await app.inject({ method: "GET", url: "/embed.js" });
    expect(embed.statusCode).toBe(404);
    expect(embed.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(embed.body).toContain("pnpm --filter @certavis/widget build");
    await app.close();
  });
});
