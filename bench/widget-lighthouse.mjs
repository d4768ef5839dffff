// Lighthouse (mobile) on a shop's product page that embeds the reviews widget with /embed.js
// (ARCHITECTURE §8, issue 6): performance score, CLS, TBT and the script time of the loader.
//
//   pnpm start                      # the product on http://localhost:3000 with the demo seed
//   node bench/widget-lighthouse.mjs [http://localhost:3000]
//
// Lighthouse is not a dependency of the repo: it is fetched once by npx (`lighthouse@12`, Node 18+).
// Chromium: CHROME_PATH, else /usr/bin/chromium. The host page is served from a second local port and
// host name, as another site would be. Prints the figures; exits 1 when the score is under 95 or CLS is not 0.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

const origin = (process.argv[2] ?? "http://localhost:3000").replace(/\/$/, "");
const demo = { email: "demo@exemple.fr", password: "demo-certavis" };

async function demoCompanyId() {
  const login = await fetch(`${origin}/api/v1/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(demo),
  });
  if (!login.ok) throw new Error(`demo login failed (${login.status}): is ${origin} seeded with the demo?`);
  const { access } = await login.json();
  const company = await fetch(`${origin}/api/v1/company/`, {
    headers: { authorization: `Bearer ${access}` },
  });
  if (!company.ok) throw new Error(`GET /company/ failed (${company.status})`);
  return (await company.json()).id;
}

/** A product page: the product first, the widget below it in a placeholder of the default height. */
const productPage = (companyId) => `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lampe Aurore — Boutique de test</title><meta name="description" content="Page produit de test"></head>
<body style="margin:0;font-family:sans-serif">
<header style="padding:12px 16px;border-bottom:1px solid #ddd">Boutique de test</header>
<main style="padding:16px">
<h1>Lampe Aurore</h1>
<div style="height:420px;background:#eee;border-radius:8px" role="img" aria-label="Photo de la lampe"></div>
<p>Une lampe de chevet en laiton, lumière douce et chaleureuse. 89,00 €</p>
<h2>Avis clients</h2>
<div data-certavis-widget data-company-id="${companyId}" style="min-height:520px"></div>
<p>Livraison offerte dès 50 €.</p>
</main>
<footer style="padding:16px;border-top:1px solid #ddd">Mentions légales</footer>
<script src="${origin}/embed.js" async></script>
</body></html>`;

const companyId = await demoCompanyId();
const server = createServer((req, res) => {
  if (req.url === "/favicon.ico") return res.writeHead(204).end();
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(productPage(companyId));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
// Another site, as for a shop: localhost and 127.0.0.1 are different sites, so the widget's frame runs
// in its own renderer (site isolation), as it does on a shop's domain.
const hostName = new URL(origin).hostname === "localhost" ? "127.0.0.1" : "localhost";
const hostUrl = `http://${hostName}:${server.address().port}/`;

const outDir = mkdtempSync(join(tmpdir(), "certavis-lighthouse-"));
const report = join(outDir, "report.json");
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
try {
  // Asynchronous: this process serves the host page meanwhile.
  const run = spawn(
    "npx",
    [
      "--yes",
      "lighthouse@12",
      hostUrl,
      `--config-path=${config}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      "--output=json",
      `--output-path=${report}`,
      "--quiet",
    ],
    { stdio: "inherit", env: { ...process.env, ...(chrome ? { CHROME_PATH: chrome } : {}) } },
  );
  const status = await new Promise((resolve) => run.on("close", resolve));
  if (status !== 0) throw new Error(`lighthouse exited with ${status}`);
  const result = JSON.parse(readFileSync(report, "utf8"));
  const audit = (id) => result.audits[id];
  const score = Math.round(result.categories.performance.score * 100);
  const cls = audit("cumulative-layout-shift").numericValue;
  const loader = audit("bootup-time").details.items.find((item) => item.url.endsWith("/embed.js"));
  console.log(`Lighthouse ${result.lighthouseVersion} (mobile), product page embedding the widget`);
  console.log(`performance ${score}  (budget ≥ 95)`);
  for (const id of [
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "speed-index",
  ])
    console.log(`${audit(id).title.padEnd(26)} ${audit(id).displayValue}`);
  console.log(`${"Cumulative Layout Shift".padEnd(26)} ${cls}  (budget 0)`);
  console.log(
    `${"embed.js script time".padEnd(26)} ${loader ? `${Math.round(loader.scripting)} ms (simulated slow phone)` : "not reported"}`,
  );
  if (score < 95 || cls !== 0) process.exitCode = 1;
} finally {
  server.close();
  if (process.env.KEEP_REPORT) console.log(report);
  else rmSync(outDir, { recursive: true, force: true });
}
