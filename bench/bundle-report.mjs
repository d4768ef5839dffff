// Bundle budgets of ARCHITECTURE §8, measured on the production builds (run after `pnpm build`).
// Prints one line per budget and exits 1 when one is over.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
// The widget's compile hint and the builds that carry it, from their one home (Node strips the types).
import { COMPILE_ALL_HINT, HINTED_EMBED_BUILDS } from "../apps/widget/src/features/embed/compile-hint.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = (app) => join(root, "apps", app, "dist");
const gzipKb = (path) => gzipSync(readFileSync(path), { level: 9 }).length / 1024;

/** The JS files an HTML page loads before anything else (its module script and modulepreloads). */
function initialScripts(app, base) {
  const html = readFileSync(join(dist(app), "index.html"), "utf8");
  const pattern = new RegExp(`<(?:script|link)[^>]+(?:src|href)="${base}([^"]+\\.js)"`, "g");
  return [...html.matchAll(pattern)].map((m) => join(dist(app), m[1]));
}

function allScripts(app) {
  const assets = join(dist(app), "assets");
  return readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .map((f) => join(assets, f));
}

/** Back-office: entry chunk + the static imports of route modules (a screen and its shell), from the Vite manifest. */
function routeScripts(...routeSources) {
  const manifestPath = join(dist("backoffice"), ".vite", "manifest.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit("index.html");
  for (const routeSource of routeSources) {
    if (!manifest[routeSource]) throw new Error(`${routeSource} is not a chunk of the back-office build`);
    visit(routeSource);
  }
  return [...files].map((f) => join(dist("backoffice"), f));
}

/** The signed-in layout every app route is rendered in (a lazy chunk of its own). */
const SHELL = "src/features/shell/components/app-shell.tsx";

const sum = (paths) => paths.reduce((total, path) => total + gzipKb(path), 0);

const budgets = [
  {
    // What every shop's page with the widget downloads (ARCHITECTURE §8); the widget's and the stars'
    // code are files of their own, brought only to the pages that need them (its size in characters
    // is checked below).
    what: "embed loader /embed.js",
    kb: () => gzipKb(join(dist("widget"), "embed.js")),
    max: 2,
  },
  {
    what: "embed loader's widget part /embed.js?widget",
    kb: () => gzipKb(join(dist("widget"), "embed-widget.js")),
    max: 2,
  },
  {
    what: "listing stars' loader /embed.js?stars",
    kb: () => gzipKb(join(dist("widget"), "embed-stars.js")),
    max: 1.5,
  },
  { what: "widget iframe, all JS", kb: () => sum(allScripts("widget")), max: 15 },
  {
    what: "review form, initial JS",
    kb: () => sum(initialScripts("review-form", "/create-reviews/")),
    max: 40,
  },
  {
    what: "back-office, JS of /login",
    kb: () => sum(routeScripts("src/features/auth/routes/login.tsx")),
    max: 150,
  },
  {
    what: "back-office, JS of / (dashboard)",
    kb: () => sum(routeScripts("src/features/dashboard/routes/dashboard.tsx")),
    max: 250,
  },
  {
    what: "back-office, JS of /products (+ shell)",
    kb: () => sum(routeScripts(SHELL, "src/features/products/routes/products.tsx")),
    max: 250,
  },
  {
    what: "back-office, JS of /products/{id} (+ shell)",
    kb: () => sum(routeScripts(SHELL, "src/features/products/routes/product-form.tsx")),
    max: 250,
  },
  {
    what: "back-office, JS of /reviews/insights (+ shell)",
    kb: () => sum(routeScripts(SHELL, "src/features/insights/routes/insights.tsx")),
    max: 250,
  },
  {
    what: "back-office, JS of /forms/{id} (builder and shell)",
    kb: () => sum(routeScripts("src/features/forms/routes/form-builder.tsx", SHELL)),
    max: 250,
  },
];

let failed = false;
for (const budget of budgets) {
  const missing = ["widget", "review-form", "backoffice"].find((app) => !existsSync(dist(app)));
  if (missing) {
    console.error(`apps/${missing}/dist is missing: run \`pnpm build\` first.`);
    process.exit(1);
  }
  const kb = budget.kb();
  const ok = kb <= budget.max;
  failed ||= !ok;
  console.log(
    `${ok ? "ok  " : "OVER"} ${budget.what.padEnd(50)} ${kb.toFixed(2).padStart(7)} KB gzip (budget ${budget.max} KB)`,
  );
}
// Chromium makes no code cache of an external script under 1,024 characters, and making one held the
// host page's main thread about 0.7 ms (bench/README.md): `/embed.js` stays under it, with the origin
// the API writes over its mark as long as a 32-character one (`https://avis.certavis-example.fr`).
const ORIGIN_MARK = "__CERTAVIS_WIDGET_ORIGIN__";
const loaderText = readFileSync(join(dist("widget"), "embed.js"), "utf8");
const loaderChars = loaderText.replaceAll(ORIGIN_MARK, "x".repeat(32)).length;
const loaderOk = loaderChars < 1024;
failed ||= !loaderOk;
console.log(
  `${loaderOk ? "ok  " : "OVER"} ${"embed loader /embed.js, characters served".padEnd(50)} ${String(loaderChars).padStart(7)} chars  (budget < 1024: no code cache made)`,
);
// Their first line asks V8 to compile all their functions with the file: without it, each is parsed again
// when first called (the loader on issue 43's page 1.16 → 1.53 ms).
for (const name of HINTED_EMBED_BUILDS) {
  const hinted = readFileSync(join(dist("widget"), `${name}.js`), "utf8").startsWith(`${COMPILE_ALL_HINT}\n`);
  failed ||= !hinted;
  console.log(
    `${hinted ? "ok  " : "MISSING"} ${`${name}.js: V8's compile hint on its first line`.padEnd(50)}`,
  );
}
if (failed) process.exitCode = 1;
