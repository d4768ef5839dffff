// `node scripts/write-test-durations.mjs`: refreshes scripts/test-durations.json from the durations Vitest
// kept of the last run (node_modules/.vite/vitest/*/results.json), for the order of a fresh clone's run
// (scripts/vitest-sequencer.ts). Files under a second are left out: their order hardly matters.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const cacheDir = "node_modules/.vite/vitest";
const [hash] = readdirSync(cacheDir);
if (!hash) throw new Error(`No Vitest results in ${cacheDir}: run \`pnpm test:unit\` first.`);
const { results } = JSON.parse(readFileSync(join(cacheDir, hash, "results.json"), "utf8"));
const seconds = Object.fromEntries(
  results
    .filter(([, result]) => (result.duration ?? 0) >= 1000)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, result]) => [key, Math.round(result.duration / 100) / 10]),
);
writeFileSync("scripts/test-durations.json", `${JSON.stringify(seconds, null, 2)}\n`);
console.log(`scripts/test-durations.json: ${Object.keys(seconds).length} files`);
