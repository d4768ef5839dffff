// What the reviews widget costs a shop's product page, measured side by side in ONE run:
// Lighthouse 12 (mobile, simulated 4× slower CPU), RUNS runs per variant (medians), the host page and
// the widget on different sites. Main-thread script time added to a bare product page, and TBT, for:
//   - the floor: an iframe of static HTML with 10 reviews (no script at all);
//   - a naive React 19 widget in an iframe (client-rendered from the public reviews endpoint);
//   - ours, the spec's plain iframe (`loading="lazy"`, height 520);
//   - ours, through `/embed.js` (the configurator's code: the lazy iframe in the page, resized by the
//     loader), and `/embed.js` on a bare placeholder (the loader creates the iframe);
// each with the widget in the first screen and below the fold; and a shop's listing page of 24 products
// (position "listing"): the floor, the same stars as static HTML, against the stars the configurator's
// loader `/embed.js?stars` draws from one ratings request (`<span data-certavis-stars>`: ≤ 10 ms of
// script over that floor, TBT 0, CLS 0), and the request floor: a script that reads the same spans and
// makes the same one request but draws nothing (what any script that honours "one request for the
// page" costs a page without script: its first touch of the DOM and of fetch). Sites: host pages on
// 127.0.0.1 (or localhost when the product is on 127.0.0.1), the floor's and React's frames on
// 127.0.0.2, ours on the product's origin (localhost:A and localhost:B would be ONE site for Chromium).
// Chromium runs with `--disable-site-isolation-trials`, which keeps cross-site frames in the host's
// renderer (checked with CDP Target.getTargets on Chromium 156: no "iframe" target with it, one
// without; note that `--disable-features=site-per-process` alone does NOT do it there), as phones often
// do: a frame's own parse, style, layout and script then count for the host page, the honest worst case.
// Every round runs each variant once (rounds interleave), so that load on a shared machine falls on all;
// the header prints the load average. Lighthouse's lazy-frame threshold is the browser's: a lazy
// iframe a few screens down is still loaded (column "frame loaded").
//
//   pnpm build && pnpm start        # the product on http://localhost:3000 with the demo seed
//   node bench/widget-lighthouse.mjs [http://localhost:3000]
//     RUNS=5 (default)   ONLY=embed,placeholder (plus the bare page)   POSITION=first|below|deep|listing
//     (deep: issue 43's product page, the widget below 40 paragraphs, with its own bare page)
//     THEME_SCRIPT=1: every product page ends with a small script of the shop's own (lib/product-page.mjs)
//     VISITOR=1: Chromium as a shop's visitor runs it, `--headless --no-sandbox` alone: no pinning, no
//     site-isolation or other flag (cross-site frames in their own process, as on a desktop)
//     PER_RUN=1: every run's figures too, each against the floor of the same round
//     BENCH_HOST_PORT, BENCH_FRAME_PORT (the host pages' and the frames' ports; default: any free one)
//     PIN_RENDERER=0 (on ≤ 4 cores each renderer's main thread gets a core of its own by default: see
//     `pinning`; the product's caches are kept warm by a steady visitor: see `warmProduct`)
//     VERBOSE=1 (script ms per URL, medians)   KEEP_REPORT=1 (keeps reports and traces, prints the folder)
//     CANDIDATE=path/to/embed.js[,other.js]: the listing page once more with each of those builds of the
//     loader, served by the host page's server (its origin mark set to the product's), to compare changes
//     with /embed.js?stars in one run; and the deep placeholder with each, served from a third site, as
//     /embed.js is (Lighthouse's simulation opens a connection for it)
//
// Lighthouse is not a dependency of the repo: it is fetched once by npx (`lighthouse@12`). Chromium:
// CHROME_PATH, else /usr/bin/chromium. Exits 1 when ours through /embed.js adds more than 20 ms of
// script or more than 10 ms of TBT in either position, when the listing page's stars add more than
// 10 ms of script over their static floor or any TBT, or when a page shifts (CLS > 0).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
// The box the configurator's code gives a product's stars, from its one home (Node strips the types).
import { LISTING_STARS_BOX } from "../packages/domain/src/listing-stars.ts";
import { demoTarget } from "./lib/demo-target.mjs";
import { median } from "./lib/median.mjs";
import { productPage } from "./lib/product-page.mjs";

const origin = (process.argv[2] ?? "http://localhost:3000").replace(/\/$/, "");
const RUNS = Number(process.env.RUNS ?? 5);
const BUDGET = { scriptMs: 20, tbtMs: 10, starsMs: 10, placeholderMs: 5 };
const LISTING_PRODUCTS = 24;
const root = fileURLToPath(new URL("..", import.meta.url));

const escapeHtml = (text) =>
  String(text ?? "").replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c],
  );

/** The floor: the same 10 reviews as plain HTML and a little CSS, no script. */
const staticWidget = (data) => `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Avis clients</title>
<style>body{margin:0;font:15px/1.45 system-ui,sans-serif;color:#111827}ul{list-style:none;margin:0;padding:12px;display:grid;gap:10px}
li{border:1px solid #e5e7eb;border-top:3px solid #10b981;border-radius:10px;padding:12px}h1{font-size:1.1rem;margin:12px}p{margin:4px 0}</style></head>
<body><h1>${escapeHtml(data.company.name)} · ${escapeHtml(data.metrics.average_note)}/5 · ${data.metrics.reviews_count} avis</h1><ul>
${data.reviews
  .slice(0, 10)
  .map(
    (r) =>
      `<li><p>${"★".repeat(Math.round(r.rating))}</p><p><strong>${escapeHtml(r.title ?? r.author_name)}</strong></p><p>${escapeHtml(r.comment)}</p><p>${escapeHtml(r.author_name)}</p></li>`,
  )
  .join("\n")}
</ul></body></html>`;

/** A naive React 19 widget: one bundle that fetches the public reviews and renders them. */
const reactWidgetSource = (reviewsUrl) => `
import { createElement as h, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
function Widget() {
  const [data, setData] = useState(null);
  useEffect(() => { fetch(${JSON.stringify(reviewsUrl)}).then((r) => r.json()).then(setData); }, []);
  if (!data) return h("p", null, "Chargement…");
  return h("main", null,
    h("h1", null, data.company.name + " · " + data.metrics.average_note + "/5"),
    h("ul", null, data.reviews.slice(0, 10).map((r) =>
      h("li", { key: r.id }, h("p", null, "★".repeat(Math.round(r.rating))), h("strong", null, r.title || r.author_name),
        h("p", null, r.comment), h("p", null, r.author_name)))));
}
createRoot(document.getElementById("root")).render(h(Widget));`;

async function buildReactWidget(dir, reviewsUrl) {
  // React 19, ReactDOM and Vite as the widget app has them (no dependency of its own here).
  const widgetRequire = createRequire(join(root, "apps/widget/package.json"));
  const { build } = await import(pathToFileURL(widgetRequire.resolve("vite")).href);
  writeFileSync(join(dir, "react-widget.js"), reactWidgetSource(reviewsUrl));
  const result = await build({
    configFile: false,
    logLevel: "silent",
    root: dir,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    resolve: {
      alias: {
        "react-dom/client": widgetRequire.resolve("react-dom/client"),
        react: widgetRequire.resolve("react"),
      },
    },
    build: { write: false, lib: { entry: join(dir, "react-widget.js"), formats: ["iife"], name: "w" } },
  });
  const output = (Array.isArray(result) ? result[0] : result).output[0].code;
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Avis clients</title><style>body{margin:0;font:15px/1.45 system-ui,sans-serif}</style></head>
<body><div id="root"></div><script>${output.replace(/<\/script/gi, "<\\/script")}</script></body></html>`;
}

/** A bare placeholder and the script `src` (async) after it. */
const placeholderWith = (companyId, src) =>
  `<div data-certavis-widget data-company-id="${companyId}" style="min-height:520px"></div><script src="${src}" async></script>`;

const variants = {
  bare: () => "",
  floor: (frames) =>
    `<iframe src="${frames}/static.html" width="100%" height="520" style="border:0;display:block" title="Avis clients" loading="lazy"></iframe>`,
  react: (frames) =>
    `<iframe src="${frames}/react.html" width="100%" height="520" style="border:0;display:block" title="Avis clients" loading="lazy"></iframe>`,
  plain: (_frames, companyId) =>
    `<iframe src="${origin}/widget?company_id=${companyId}" width="100%" height="520" style="border:0;display:block" title="Avis clients" loading="lazy"></iframe>`,
  // The configurator's /embed.js code: the lazy iframe in the page, the loader resizes it.
  embed: (_frames, companyId) =>
    `<div data-certavis-widget data-company-id="${companyId}"><iframe data-certavis-frame src="${origin}/widget?company_id=${companyId}" width="100%" height="520" style="border:0;display:block" title="Avis clients" loading="lazy"></iframe></div><script src="${origin}/embed.js" async></script>`,
  // A bare placeholder (older code): the loader creates the iframe when it nears the viewport.
  placeholder: (_frames, companyId) => placeholderWith(companyId, `${origin}/embed.js`),
  // The script floor: the same placeholder and an empty async script from another site. What any
  // third-party script costs the page before it does anything (its request in Lighthouse's simulation
  // included).
  scriptFloor: (frames, companyId) => placeholderWith(companyId, `${frames}/empty.js`),
  // A listing page's stars: static HTML in the same box (the floor), or drawn by /embed.js.
  listingFloor: (_frames, _companyId, _product) =>
    `<span style="${LISTING_STARS_BOX};color:#b45309">★★★★☆ <small style="color:#111827">(12)</small></span>`,
  listingRequest: (_frames, companyId, product) => variants.listingStars(_frames, companyId, product),
  listingStars: (_frames, companyId, product) =>
    `<span data-certavis-stars data-company-id="${companyId}" data-product-id="${product}" style="${LISTING_STARS_BOX}"></span>`,
};

/** A category page of 24 products, each card with its stars; the loader once at the end when used. */
const listingPage = (variant, companyId, productIds) => {
  const candidate = variant.startsWith("listingCandidate");
  const stars = candidate ? variants.listingStars : variants[variant];
  const cards = Array.from({ length: LISTING_PRODUCTS }, (_, i) => {
    const product = productIds[i % productIds.length] ?? "";
    return `<li style="border:1px solid #e5e7eb;border-radius:8px;padding:8px"><div style="height:120px;background:#eee;border-radius:6px" role="img" aria-label="Photo du produit ${i + 1}"></div><p>Lampe ${i + 1}</p><p>${stars("", companyId, product)}</p><p>${49 + i},00 €</p></li>`;
  }).join("");
  const loader =
    variant === "listingStars"
      ? `<script src="${origin}/embed.js?stars" async></script>`
      : variant === "listingRequest" || candidate
        ? `<script src="/${candidate ? variant : "request-floor"}.js" async></script>`
        : "";
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lampes — Boutique de test</title><meta name="description" content="Page de liste de test"></head>
<body style="margin:0;font-family:sans-serif">
<header style="padding:12px 16px;border-bottom:1px solid #ddd">Boutique de test</header>
<main style="padding:16px"><h1>Lampes</h1>
<ul style="list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(2,1fr);gap:12px">${cards}</ul>
</main><footer style="padding:16px;border-top:1px solid #ddd">Mentions légales</footer>${loader}
</body></html>`;
};

function serve(handler, host = "127.0.0.1", port = 0) {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

/** THEME_SCRIPT=1: every product page (the bare one too) ends with a script of the shop's own. */
const theme = process.env.THEME_SCRIPT === "1";

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/**
 * On a machine of few cores Chrome's browser process and compositor take turns with the page's
 * main thread on the same cores: a task of the page that uses 0.5 ms of CPU is then measured at 4 to
 * 10 ms of wall time (trace: `dur` against `tdur`) in most runs, for every variant that runs script,
 * and the medians say more about the scheduler than the page. A phone has 6 to 8 cores. So, with 4
 * cores or fewer and `taskset` present (PIN_RENDERER=0 to measure without), the main thread of each
 * renderer process (the host page's and, in-process, its frames') gets the last core to itself, as
 * soon as it appears; everything else this bench starts or serves from (Lighthouse, Chrome's other
 * processes and the renderers' other threads, this process, the product server when it listens on
 * this machine) stays on the others. All variants are measured the same way.
 */
const cores = availableParallelism(); // before this process is pinned to some of them
const asVisitor = process.env.VISITOR === "1";
const pinning =
  !asVisitor &&
  process.env.PIN_RENDERER !== "0" &&
  cores <= 4 &&
  cores >= 2 &&
  spawnSync("taskset", ["-p", String(process.pid)]).status === 0;
const mainCore = String(cores - 1);
const otherCores = cores === 2 ? "0" : `0-${cores - 2}`;

const taskset = (cpus, id, all = false) =>
  spawnSync("taskset", [...(all ? ["-a"] : []), "-p", "-c", cpus, String(id)], { stdio: "ignore" });

/** The pid listening on the product's port here, if any (`ss -ltnp`). */
function productServerPid() {
  const port = new URL(origin).port || "80";
  const listing = spawnSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" }).stdout ?? "";
  return listing.match(/pid=(\d+)/)?.[1] ?? null;
}

function pinRenderers() {
  const placed = new Set();
  const timer = setInterval(() => {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      let cmdline = "";
      try {
        if (!placed.has(pid)) cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      } catch {
        continue;
      }
      if (!placed.has(pid) && !cmdline.includes("--type=renderer")) continue;
      // The main thread's id is the process's; threads it starts later inherit its core: moved back.
      let threads = [];
      try {
        threads = readdirSync(`/proc/${pid}/task`);
      } catch {
        continue;
      }
      for (const tid of threads) {
        const key = `${pid}/${tid}`;
        if (placed.has(key)) continue;
        placed.add(key);
        taskset(tid === pid ? mainCore : otherCores, tid);
      }
      placed.add(pid);
    }
  }, 25);
  return () => clearInterval(timer);
}

async function lighthouse(url, outDir, config, chrome, name = "report") {
  const report = join(outDir, `${name}.json`);
  const run = spawn(
    pinning ? "taskset" : "npx",
    [
      // Chrome and Lighthouse off the last core; the renderers' main threads are moved to it (pinRenderers).
      ...(pinning ? ["-c", otherCores, "npx"] : []),
      "--yes",
      "lighthouse@12",
      url,
      `--config-path=${config}`,
      asVisitor
        ? "--chrome-flags=--headless --no-sandbox"
        : "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-site-isolation-trials",
      "--output=json",
      `--output-path=${report}`,
      "--quiet",
      // KEEP_REPORT=1 keeps each run's report and trace (`<variant>-<position>-<run>-0.trace.json`).
      ...(process.env.KEEP_REPORT ? ["--save-assets"] : []),
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, ...(chrome ? { CHROME_PATH: chrome } : {}) },
    },
  );
  const stopPinning = pinning ? pinRenderers() : () => {};
  const status = await new Promise((resolve) => run.on("close", resolve));
  stopPinning();
  if (status !== 0) throw new Error(`lighthouse exited with ${status}`);
  const result = JSON.parse(readFileSync(report, "utf8"));
  const items = result.audits["bootup-time"].details?.items ?? [];
  const requests = result.audits["network-requests"].details?.items ?? [];
  return {
    script: items.reduce((sum, item) => sum + (item.scripting ?? 0) + (item.scriptParseCompile ?? 0), 0),
    tbt: result.audits["total-blocking-time"].numericValue,
    cls: result.audits["cumulative-layout-shift"].numericValue,
    score: Math.round(result.categories.performance.score * 100),
    // Script ms (evaluation + parse/compile) per URL, query left out.
    perUrl: Object.fromEntries(
      items.map((item) => [
        item.url.replace(/\?.*/, ""),
        (item.scripting ?? 0) + (item.scriptParseCompile ?? 0),
      ]),
    ),
    // Did the run load a widget's page at all (a lazy frame below the fold may not be)?
    frameLoaded: requests.some((request) => /\/(widget|static\.html|react\.html)(\?|$)/.test(request.url)),
    version: result.lighthouseVersion,
  };
}

const { companyId, reviews, productIds } = await demoTarget(origin);
// This process (host pages, the floor's and React's frames) and the product server: off the last core.
const productServer = pinning ? productServerPid() : null;
if (pinning) {
  taskset(otherCores, process.pid, true);
  if (productServer) taskset(otherCores, productServer, true);
}

/**
 * The product server runs on this machine, whose 2 cores the browser needs; in production it is another
 * machine, serving a steady stream of page views from warm caches. So before each Lighthouse run, and
 * every 2 s while the bench runs (another visitor), the widget page, the loader and the public reviews
 * are asked: a run then meets warm caches (the reviews are refreshed in the background at most every
 * 5 s, the painted page is reused while they are unchanged) and the server's work does not compete with
 * the browser's during the measured load. Every variant, the floor's and React's included, gets the same.
 */
async function warmProduct() {
  for (const path of [
    `/widget?company_id=${companyId}`,
    "/embed.js",
    `/api/v1/public/reviews/?company_id=${companyId}`,
    `/api/v1/public/ratings/?company_id=${companyId}&product_ids=${[...new Set(productIds.slice(0, LISTING_PRODUCTS))].sort().join(",")}`,
  ]) {
    const response = await fetch(`${origin}${path}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  }
}
const outDir = mkdtempSync(join(tmpdir(), "certavis-lighthouse-"));
const pages = new Map();
// The host pages: another site than the product (localhost vs 127.0.0.1 are different sites).
const hostServer = await serve(
  (req, res) => {
    const page = pages.get(req.url);
    if (!page) return res.writeHead(req.url === "/favicon.ico" ? 204 : 404).end();
    const type = req.url.endsWith(".js") ? "text/javascript" : "text/html; charset=utf-8";
    res.writeHead(200, { "content-type": type }).end(page);
  },
  undefined,
  Number(process.env.BENCH_HOST_PORT ?? 0),
);
// The floor's and the React reference's frames: a third site (127.0.0.2 is loopback too), as a
// competitor's widget would be.
const staticHtml = staticWidget(reviews);
// The scripts the third site serves: the script floor's empty one and the placeholder candidates (a
// loader from another site than the page, as /embed.js is: Lighthouse's simulation opens a connection
// for it).
const frameScripts = new Map([["/empty.js", ""]]);
const reactHtml = await buildReactWidget(outDir, `${origin}/api/v1/public/reviews/?company_id=${companyId}`);
const frameServer = await serve(
  (req, res) => {
    const script = frameScripts.get(req.url);
    if (script !== undefined)
      return res
        .writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "max-age=300" })
        .end(script);
    const html = req.url === "/static.html" ? staticHtml : req.url === "/react.html" ? reactHtml : null;
    if (!html) return res.writeHead(404).end();
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "max-age=300" })
      .end(html);
  },
  "127.0.0.2",
  Number(process.env.BENCH_FRAME_PORT ?? 0),
);
const productHost = new URL(origin).hostname;
const hostName = productHost === "localhost" ? "127.0.0.1" : "localhost";
const hostBase = `http://${hostName}:${hostServer.address().port}`;
const framesBase = `http://127.0.0.2:${frameServer.address().port}`;

// bootup-time lists only scripts over 50 ms by default: the loader's few milliseconds need threshold 0.
const config = join(outDir, "config.json");
writeFileSync(
  config,
  JSON.stringify({
    extends: "lighthouse:default",
    settings: { onlyCategories: ["performance"] },
    audits: [{ path: "bootup-time", options: { thresholdInMs: 0 } }],
  }),
);
const chrome = process.env.CHROME_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);

/** CANDIDATE=a.js,b.js: other builds of the loader, each on the listing page (see the header). */
const candidates = process.env.CANDIDATE?.split(",").filter(Boolean) ?? [];
const cases = [
  ["bare", "first", "bare product page (no widget)"],
  ["bare", "deep", "bare product page, 40 paragraphs (no widget)"],
  ["floor", "first", "floor: static HTML iframe, 10 reviews"],
  ["react", "first", "naive React 19 widget in an iframe"],
  ["plain", "first", "ours, the spec's plain iframe"],
  ["embed", "first", "ours, through /embed.js"],
  ["placeholder", "first", "ours, /embed.js on a bare placeholder"],
  ["floor", "deep", "floor: static HTML iframe, 10 reviews"],
  ["plain", "deep", "ours, the spec's plain iframe"],
  ["placeholder", "deep", "ours, /embed.js on a bare placeholder"],
  ["scriptFloor", "deep", "script floor: the placeholder and an empty async script of another site"],
  ["floor", "below", "floor: static HTML iframe, 10 reviews"],
  ["react", "below", "naive React 19 widget in an iframe"],
  ["plain", "below", "ours, the spec's plain iframe"],
  ["embed", "below", "ours, through /embed.js"],
  ["placeholder", "below", "ours, /embed.js on a bare placeholder"],
  ["listingFloor", "listing", "listing page, 24 products: static stars (floor)"],
  ["listingRequest", "listing", "listing page, 24 products: the one request, nothing drawn (request floor)"],
  ["listingStars", "listing", "listing page, 24 products: stars by /embed.js?stars"],
  ...candidates.map((file, i) => [
    `listingCandidate${i + 1}`,
    "listing",
    `listing page, 24 products: ${file}`,
  ]),
  ...candidates.map((file, i) => [
    `placeholderCandidate${i + 1}`,
    "deep",
    `a bare placeholder below 40 paragraphs: ${file}`,
  ]),
];
// ONLY=embed,plain runs the bare page and those variants, and the candidates (a quick look; the table
// needs them all).
const only = process.env.ONLY?.split(",");
// POSITION=first (or below, deep, listing) runs that position only; the deep page has its own bare page,
// the others share the first screen's (the page's script does not depend on where the widget is).
const onlyPosition = process.env.POSITION;
/** The request floor's script: the loader's reading of the spans and its one request, without drawing. */
pages.set(
  "/request-floor.js",
  `(function(){var s=document.querySelectorAll("[data-certavis-stars]"),k=[];for(var i=0;i<s.length;i++){var v=s[i].getAttribute("data-product-id").toLowerCase();if(k.indexOf(v)<0)k.push(v)}fetch(${JSON.stringify(`${origin}/api/v1/public/ratings/?company_id=`)}+encodeURIComponent(s[0].getAttribute("data-company-id"))+"&product_ids="+encodeURIComponent(k.join())).then(function(r){return r.json()})})();`,
);
for (const [i, file] of candidates.entries()) {
  const text = readFileSync(file, "utf8").replace("__CERTAVIS_WIDGET_ORIGIN__", origin);
  pages.set(`/listingCandidate${i + 1}.js`, text);
  frameScripts.set(`/placeholderCandidate${i + 1}.js`, text);
}
const selected = cases.filter(
  ([variant, position]) =>
    (variant === "bare" &&
      (position === "deep" ? !onlyPosition || onlyPosition === "deep" : onlyPosition !== "deep")) ||
    (variant.includes("Candidate") && (!onlyPosition || position === onlyPosition)) ||
    ((!only || only.includes(variant)) && (!onlyPosition || position === onlyPosition)),
);
const runsOf = new Map(selected.map((c) => [c, []]));
const visitor = setInterval(() => warmProduct().catch(() => {}), 2000);
const loads = [loadAverage()];
let version = "";
try {
  for (const [variant, position] of selected)
    pages.set(
      `/${variant}-${position}.html`,
      position === "listing"
        ? listingPage(variant, companyId, productIds)
        : variant.startsWith("placeholderCandidate")
          ? productPage(placeholderWith(companyId, `${framesBase}/${variant}.js`), position, { theme })
          : productPage(variants[variant](framesBase, companyId), position, { theme }),
    );
  // Round after round (every variant once per round), so that a burst of load on the shared machine
  // falls on all variants rather than on one.
  for (let i = 0; i < RUNS; i++) {
    for (const c of selected) {
      const [variant, position] = c;
      const url = `${hostBase}/${variant}-${position}.html`;
      await warmProduct();
      runsOf.get(c).push(await lighthouse(url, outDir, config, chrome, `${variant}-${position}-${i}`));
    }
    loads.push(loadAverage());
    process.stderr.write(`  round ${i + 1}/${RUNS} done (load ${loads.at(-1)})\n`);
  }
} finally {
  clearInterval(visitor);
  if (productServer) taskset(`0-${cores - 1}`, productServer, true); // the server gets its cores back

  hostServer.close();
  frameServer.close();
  if (process.env.KEEP_REPORT) console.log(outDir);
  else rmSync(outDir, { recursive: true, force: true });
}
const results = selected.map((c) => {
  const [variant, position, label] = c;
  const runs = runsOf.get(c);
  const floorVariant = position === "listing" ? "listingFloor" : "floor";
  const floorCase = selected.find(([v, p]) => v === floorVariant && p === position);
  version = runs[0].version;
  const urls = [...new Set(runs.flatMap((r) => Object.keys(r.perUrl)))];
  return {
    variant,
    position,
    label,
    script: median(runs.map((r) => r.script)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: Math.max(...runs.map((r) => r.cls)),
    score: median(runs.map((r) => r.score)),
    frameLoaded: `${runs.filter((r) => r.frameLoaded).length}/${runs.length}`,
    perUrl: urls.map((url) => `${url} ${Math.round(median(runs.map((r) => r.perUrl[url] ?? 0)))} ms`),
    // Each run against the floor's run of the same round.
    overFloor: floorCase
      ? runs.map((r, i) => {
          const floorRun = runsOf.get(floorCase)[i];
          return { script: r.script - floorRun.script, tbt: r.tbt - floorRun.tbt, floor: floorRun, run: r };
        })
      : [],
  };
});

const bareOf = (position) =>
  results.find((r) => r.variant === "bare" && r.position === position) ??
  results.find((r) => r.variant === "bare");
const positionName = { first: "first screen", below: "below the fold", deep: "below 40 paragraphs" };
const signed = (n) => (Number.isNaN(n) ? "–" : `${n >= 0 ? "+" : "−"}${Math.abs(Math.round(n))}`);
console.log(
  `Lighthouse ${version} (mobile, 4× CPU, ${RUNS} runs, medians; ${asVisitor ? "as a visitor's Chromium: --headless --no-sandbox alone" : "cross-site frames in the host's process"})`,
);
console.log(
  pinning
    ? `${cores} cores: each renderer's main thread alone on core ${mainCore}; Chrome's other processes and threads, Lighthouse, the bench and the product server on ${otherCores} (PIN_RENDERER=0: unpinned)`
    : `${cores} cores, renderer not pinned`,
);
console.log(
  `load average (1, 5, 15 min) at start: ${loads[0]}; after each round: ${loads.slice(1).join(" | ")}`,
);
for (const r of results.filter((x) => x.variant === "bare"))
  console.log(`${r.label}: script ${Math.round(r.script)} ms, TBT ${Math.round(r.tbt)} ms`);
console.log("");
console.log(
  "| variant | position | script ms added | Δ script vs floor | TBT ms | Δ TBT vs floor | CLS | frame loaded | perf |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
let failed = false;
for (const r of results.filter((x) => x.variant !== "bare")) {
  const floorVariant = r.position === "listing" ? "listingFloor" : "floor";
  const floor = results.find((x) => x.variant === floorVariant && x.position === r.position) ?? {
    script: Number.NaN,
    tbt: Number.NaN,
  };
  const added = r.script - bareOf(r.position).script;
  const cells = [
    r.label,
    positionName[r.position] ?? "listing page",
    signed(added),
    signed(r.script - floor.script),
    Math.round(r.tbt),
    signed(r.tbt - floor.tbt),
    r.cls.toFixed(3),
    r.frameLoaded,
    r.score,
  ];
  console.log(`| ${cells.join(" | ")} |`);
  if (r.variant === "embed" && (added > BUDGET.scriptMs || r.tbt > BUDGET.tbtMs)) failed = true;
  if (["embed", "plain", "placeholder", "listingStars"].includes(r.variant) && r.cls > 0) failed = true;
  if (r.variant === "listingStars" && (r.script - floor.script > BUDGET.starsMs || r.tbt > 0)) failed = true;
  if (r.variant.includes("Candidate") && r.cls > 0) failed = true;
  // A bare placeholder out of the first screen: no frame yet, so the loader's own cost against the floor.
  if (
    r.variant === "placeholder" &&
    r.position !== "first" &&
    (r.script - floor.script > BUDGET.placeholderMs || r.tbt > floor.tbt)
  )
    failed = true;
}
if (process.env.PER_RUN) {
  console.log("\nevery run against the floor of its round (script ms, TBT ms; Δ over the floor):");
  for (const r of results.filter(
    (x) => x.overFloor.length > 0 && !["floor", "listingFloor"].includes(x.variant),
  ))
    console.log(
      `  ${r.variant}/${r.position}: ${r.overFloor
        .map(
          (o) =>
            `${Math.round(o.run.script)} vs ${Math.round(o.floor.script)} (${signed(o.script)}), TBT ${Math.round(o.run.tbt)} vs ${Math.round(o.floor.tbt)}`,
        )
        .join(" | ")}`,
    );
}
const stars = results.find((r) => r.variant === "listingStars");
const request = results.find((r) => r.variant === "listingRequest");
if (stars && request)
  console.log(
    `\nlisting stars over the request floor (what the loader adds to its one request): ${signed(stars.script - request.script)} ms of script`,
  );
const placeholder = results.find((r) => r.variant === "placeholder" && r.position === "deep");
const scriptFloor = results.find((r) => r.variant === "scriptFloor");
if (placeholder && scriptFloor) {
  const rounds = runsOf.get(selected.find(([v, p]) => v === "scriptFloor" && p === "deep"));
  const each = runsOf
    .get(selected.find(([v, p]) => v === "placeholder" && p === "deep"))
    .map(
      (run, i) =>
        `${signed(run.script - rounds[i].script)}, TBT ${Math.round(run.tbt)} vs ${Math.round(rounds[i].tbt)}`,
    );
  console.log(
    `\n/embed.js on the placeholder over the script floor (an empty async script of another site): ${signed(placeholder.script - scriptFloor.script)} ms of script, TBT ${Math.round(placeholder.tbt)} vs ${Math.round(scriptFloor.tbt)}; each round: ${each.join(" | ")}`,
  );
}
for (const candidate of results.filter((r) => r.variant.startsWith("placeholderCandidate")))
  if (placeholder)
    console.log(
      `${candidate.label.split(": ").pop()} over /embed.js on the same placeholder: ${signed(candidate.script - placeholder.script)} ms of script`,
    );
for (const candidate of results.filter((r) => r.variant.startsWith("listingCandidate")))
  if (stars)
    console.log(
      `${candidate.label.split(": ").pop()} over /embed.js?stars: ${signed(candidate.script - stars.script)} ms of script`,
    );
if (process.env.VERBOSE)
  for (const r of results) console.log(`\n${r.variant}/${r.position}:\n  ${r.perUrl.join("\n  ")}`);
console.log(
  `\nbudget, ours through /embed.js: ≤ ${BUDGET.scriptMs} ms added and TBT ≤ ${BUDGET.tbtMs} ms in both positions, CLS 0; on a bare placeholder out of the first screen: ≤ ${BUDGET.placeholderMs} ms over the static floor, TBT no more than the floor's (ARCHITECTURE §8); listing stars: ≤ ${BUDGET.starsMs} ms over their static floor, TBT 0, CLS 0`,
);
if (failed) process.exitCode = 1;
