// What a build of the loader costs to compile and run on a listing page of 24 stars, before its answer
// arrives: in seconds where `widget-lighthouse.mjs` takes minutes, to bisect a change. Each round
// starts a fresh Chromium headless shell on the page (no DevTools attached: Playwright's instrumentation
// makes DOM calls several times dearer) and the page times the script itself: `performance.now()`
// around an indirect eval of its text (compile and run), minus the time inside `fetch()`, whose first
// call varies most between runs and is the same for every build. The page is cross-origin isolated, so
// the clock is precise to 5 µs. Other threads of the browser share the machine's cores: compare the
// minimums (and medians) of many rounds, not one figure.
//
//   pnpm start                                              # the product with the demo seed
//   node bench/loader-eval.mjs apps/widget/dist/embed-stars.js other/embed.js [--rounds 15]
//     the request floor (reads the spans, one fetch, no drawing) runs too, as the reference
//     CHROME_HEADLESS_SHELL (default /usr/bin/chromium-headless-shell), PRODUCT_URL (default localhost:3000)
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { promisify } from "node:util";
import { LISTING_STARS_BOX } from "../packages/domain/src/listing-stars.ts";
import { demoTarget } from "./lib/demo-target.mjs";
import { median } from "./lib/median.mjs";

const run = promisify(execFile);
const origin = (process.env.PRODUCT_URL ?? "http://localhost:3000").replace(/\/$/, "");
const shell = process.env.CHROME_HEADLESS_SHELL ?? "/usr/bin/chromium-headless-shell";
const args = process.argv.slice(2);
const roundsAt = args.indexOf("--rounds");
const rounds = roundsAt >= 0 ? Number(args.splice(roundsAt, 2)[1]) : 15;
if (args.length === 0) {
  console.error("usage: node bench/loader-eval.mjs path/to/embed.js [other.js …] [--rounds N]");
  process.exit(2);
}

const { companyId, productIds } = await demoTarget(origin);
const REQUEST_FLOOR = `(function(){var s=document.querySelectorAll("[data-certavis-stars]"),k=[];for(var i=0;i<s.length;i++){var v=s[i].getAttribute("data-product-id").toLowerCase();if(k.indexOf(v)<0)k.push(v)}fetch(${JSON.stringify(`${origin}/api/v1/public/ratings/?company_id=`)}+encodeURIComponent(s[0].getAttribute("data-company-id"))+"&product_ids="+encodeURIComponent(k.join())).then(function(r){return r.json()})})();`;
const builds = [
  ["request floor", REQUEST_FLOOR],
  ...args.map((file) => [file, readFileSync(file, "utf8").replaceAll("__CERTAVIS_WIDGET_ORIGIN__", origin)]),
];

/** The build's text, timed by the page: compile and run, less the time spent inside fetch(). */
const timed = (text) =>
  `var __inFetch=0,__fetch=fetch;fetch=function(){var t=performance.now();try{return __fetch.apply(this,arguments)}finally{__inFetch+=performance.now()-t}};` +
  `var __start=performance.now();(0,eval)(${JSON.stringify(text)});` +
  `document.documentElement.setAttribute("data-ms",(performance.now()-__start-__inFetch).toFixed(3)+" "+crossOriginIsolated);`;
const page = (
  index,
) => `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Lampes</title></head>
<body style="margin:0;font-family:sans-serif"><ul>${productIds
  .concat(productIds, productIds, productIds)
  .slice(0, 24)
  .map(
    (id, i) =>
      `<li><p>Lampe ${i + 1}</p><p><span data-certavis-stars data-company-id="${companyId}" data-product-id="${id}" style="${LISTING_STARS_BOX}"></span></p></li>`,
  )
  .join("")}</ul><script src="/${index}.js" async></script></body></html>`;

const server = createServer((req, res) => {
  const [, name = "", ext] = /^\/(\d+)\.(js|html)$/.exec(req.url ?? "") ?? [];
  const build = builds[Number(name)];
  if (!build) return res.writeHead(404).end();
  res.setHeader("cross-origin-opener-policy", "same-origin");
  res.setHeader("cross-origin-embedder-policy", "credentialless");
  res.setHeader("content-type", ext === "js" ? "text/javascript" : "text/html; charset=utf-8");
  res.end(ext === "js" ? timed(build[1]) : page(name));
}).listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const times = builds.map(() => []);
try {
  for (let round = 0; round < rounds; round++)
    for (let i = 0; i < builds.length; i++) {
      const { stdout } = await run(
        shell,
        ["--no-sandbox", "--disable-gpu", "--timeout=1500", "--dump-dom", `${base}/${i}.html`],
        { maxBuffer: 1e7 },
      );
      const [, ms, isolated] = /data-ms="([\d.]+) (true|false)"/.exec(stdout) ?? [];
      if (isolated !== "true") throw new Error(`${builds[i][0]}: no timing (or the page was not isolated)`);
      times[i].push(Number(ms));
    }
} finally {
  server.close();
}
console.log(`${rounds} rounds, a fresh headless shell each; ms of main thread, unthrottled\n`);
console.log("| build | min | median |\n|---|---|---|");
for (const [i, [name]] of builds.entries())
  console.log(`| ${name} | ${Math.min(...times[i]).toFixed(2)} | ${median(times[i]).toFixed(2)} |`);
