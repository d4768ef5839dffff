// Gzip sizes of the built JS (run after `vite build`): the initial JS is what index.html loads.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = fileURLToPath(new URL("../dist", import.meta.url));
const BUDGET_KB = 40;

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const html = readFileSync(join(dist, "index.html"), "utf8");
const initial = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/create-reviews\/([^"]+\.js)"/g)].map(
  (m) => m[1],
);
const all = readdirSync(join(dist, "assets"))
  .filter((f) => f.endsWith(".js"))
  .map((f) => `assets/${f}`);

let initialKb = 0;
for (const file of all) {
  const kb = gzipKb(file);
  if (initial.includes(file)) initialKb += kb;
  console.log(`${file.padEnd(40)} ${kb.toFixed(2)} KB gzip${initial.includes(file) ? " (initial)" : ""}`);
}
console.log(`review form initial JS: ${initialKb.toFixed(2)} KB gzip (budget ${BUDGET_KB} KB)`);
if (initialKb > BUDGET_KB) process.exitCode = 1;
