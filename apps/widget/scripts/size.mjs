// Gzip sizes of the built widget JS and of the embed loader (run after `vite build`).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = fileURLToPath(new URL("../dist", import.meta.url));
const WIDGET_BUDGET_KB = 15;
// The loader every shop's page with the widget downloads (ARCHITECTURE §8); the stars' code is its own
// file (embed-stars.js), brought only to a page that has star tags.
const EMBED_BUDGET_KB = 2;

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

let widgetKb = 0;
for (const file of readdirSync(join(dist, "assets")).filter((f) => f.endsWith(".js"))) {
  const kb = gzipKb(`assets/${file}`);
  widgetKb += kb;
  console.log(`assets/${file.padEnd(33)} ${kb.toFixed(2)} KB gzip`);
}
const embedKb = gzipKb("embed.js");
console.log(`widget iframe, all JS: ${widgetKb.toFixed(2)} KB gzip (budget ${WIDGET_BUDGET_KB} KB)`);
console.log(`embed.js: ${embedKb.toFixed(2)} KB gzip (budget ${EMBED_BUDGET_KB} KB)`);
if (widgetKb > WIDGET_BUDGET_KB || embedKb > EMBED_BUDGET_KB) process.exitCode = 1;
