// What each building block of `/embed.js` costs issue 43's page (a bare placeholder below 40 paragraphs:
// `widget-lighthouse.mjs`'s deep product page, `lib/product-page.mjs`), in seconds where
// `widget-lighthouse.mjs` takes minutes: a fresh browser context per round on the page,
// Chromium's own trace of the script (its EvaluateScript and every callback of its URL: events, timers,
// the IntersectionObserver's notification), unthrottled ms, median of the rounds. Lighthouse's mobile
// figure is about four times these. The candidates run in turn within each round, so that load falls on
// all alike.
//
//   node bench/placeholder-blocks.mjs [path/to/embed.js …] [--rounds 15] [--theme]
//     built-in candidates: an empty script; the three counts of the first part; an IntersectionObserver
//     created, then observing the placeholder (at once, after DOMContentLoaded, after load); a lazy <img>
//     sentinel in the placeholder; getBoundingClientRect, at once and after the first paint (a clean
//     layout); content-visibility: auto with its state event; each file given (its origin mark set to the
//     page's own origin)
//     CHROME_HEADLESS_SHELL (default /usr/bin/chromium-headless-shell)
//
// Playwright comes from the e2e package (the bench has no browser dependency of its own).
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { median } from "./lib/median.mjs";
import { productPage } from "./lib/product-page.mjs";

const { chromium } = createRequire(new URL("../e2e/package.json", import.meta.url))("@playwright/test");
const args = process.argv.slice(2);
const roundsAt = args.indexOf("--rounds");
const rounds = roundsAt >= 0 ? Number(args.splice(roundsAt, 2)[1]) : 15;
const themeAt = args.indexOf("--theme");
// --theme: the page ends with a script of the shop's own (lib/product-page.mjs), so the candidate is not
// the page's first script to touch an element.
const theme = themeAt >= 0 && args.splice(themeAt, 1).length > 0;

const HOST = 'd.querySelector("[data-certavis-widget]")';
const OBSERVE = `var o=new IntersectionObserver(function(e){for(var i=0;i<e.length;i++)if(e[i].isIntersecting)o.disconnect()},{rootMargin:"600px 0px"});o.observe(${HOST})`;
const BUILT_IN = [
  ["empty script", "(function(){})();"],
  [
    "three counts",
    `(function(){var d=document,c=function(s){return d.querySelectorAll(s).length};window.__n=c("[data-certavis-stars]")+c("[data-certavis-widget]")+c('iframe[data-certavis-frame],[data-certavis-widget][data-jsonld="1"]')})();`,
  ],
  ["observer created", "(function(){window.__o=new IntersectionObserver(function(){})})();"],
  ["observer observing", `(function(){var d=document;${OBSERVE}})();`],
  [
    "observing after DOMContentLoaded",
    `(function(){var d=document,go=function(){${OBSERVE}};d.readyState==="loading"?d.addEventListener("DOMContentLoaded",go):go()})();`,
  ],
  [
    "observing after load",
    `(function(){var d=document,go=function(){${OBSERVE}};d.readyState==="complete"?go():addEventListener("load",go)})();`,
  ],
  [
    "lazy <img> sentinel",
    `(function(){var d=document,i=d.createElement("img");i.loading="lazy";i.alt="";i.width=i.height=1;i.style.cssText="position:absolute;opacity:0";i.onload=i.onerror=function(){window.__near=1};i.src="data:,";${HOST}.appendChild(i)})();`,
  ],
  [
    "getBoundingClientRect",
    `(function(){var d=document;window.__top=${HOST}.getBoundingClientRect().top})();`,
  ],
  [
    "getBoundingClientRect after the first paint",
    `(function(){var d=document,h=${HOST};requestAnimationFrame(function(){setTimeout(function(){window.__top=h.getBoundingClientRect().top})})})();`,
  ],
  [
    "content-visibility: auto and its state event",
    `(function(){var d=document,h=${HOST};h.style.contentVisibility="auto";h.addEventListener("contentvisibilityautostatechange",function(e){window.__skipped=e.skipped})})();`,
  ],
];

let origin = "";
const candidates = [];
const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", origin);
  const index = Number(url.searchParams.get("c"));
  if (url.pathname === "/page") {
    res.setHeader("content-type", "text/html; charset=utf-8");
    // Issue 43's page; a fresh script URL per visit: no code cache carried from one round to the next.
    return res.end(
      productPage(
        `<div data-certavis-widget data-company-id="c1"></div><script src="/candidate.js?c=${index}&r=${Math.random()}" async></script>`,
        "deep",
        { theme },
      ),
    );
  }
  if (url.pathname === "/candidate.js" && candidates[index]) {
    res.setHeader("content-type", "text/javascript; charset=utf-8");
    return res.end(candidates[index][1]);
  }
  res.statusCode = 404;
  res.end();
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
origin = `http://127.0.0.1:${server.address().port}`;
candidates.push(
  ...BUILT_IN,
  ...args.map((file) => [file, readFileSync(file, "utf8").replaceAll("__CERTAVIS_WIDGET_ORIGIN__", origin)]),
);

/** The script's own ms in one visit: its evaluation and the callbacks Chromium attributes to its URL. */
async function visit(browser, index) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", {
    traceConfig: { includedCategories: ["devtools.timeline", "v8"] },
    transferMode: "ReportEvents",
  });
  await page.goto(`${origin}/page?c=${index}`, { waitUntil: "load" });
  await page.waitForTimeout(300);
  await cdp.send("Tracing.end");
  await complete;
  await context.close();
  const own = events.filter(
    (e) =>
      e.ph === "X" &&
      ["EvaluateScript", "FunctionCall", "TimerFire", "EventDispatch"].includes(e.name) &&
      JSON.stringify(e.args ?? {}).includes("/candidate.js"),
  );
  return own.reduce((sum, e) => sum + e.dur / 1000, 0);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_HEADLESS_SHELL ?? "/usr/bin/chromium-headless-shell",
  args: ["--no-sandbox", "--disable-gpu"],
});
const times = candidates.map(() => []);
for (let round = 0; round < rounds; round++)
  for (let index = 0; index < candidates.length; index++) times[index].push(await visit(browser, index));
await browser.close();
server.close();

console.log(
  `issue 43's page, a bare placeholder below 40 paragraphs${theme ? ", and a script of the shop's own" : ""}: own script, unthrottled ms (${rounds} rounds)`,
);
console.log("| candidate | median | min | max |\n|---|---|---|---|");
candidates.forEach(([name], index) => {
  const t = times[index];
  console.log(
    `| ${name} | ${median(t).toFixed(2)} | ${Math.min(...t).toFixed(2)} | ${Math.max(...t).toFixed(2)} |`,
  );
});
