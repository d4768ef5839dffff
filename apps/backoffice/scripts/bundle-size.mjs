#!/usr/bin/env node
// JS shipped for a route of the back-office build: the entry chunk, the route's lazy modules and all their
// static imports, gzip-compressed (level 9). Run after `vite build`: node scripts/bundle-size.mjs [--json]
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = join(dirname(fileURLToPath(import.meta.url)), "../dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));

const routes = {
  "/login": { modules: ["src/features/auth/routes/login.tsx"], budgetKb: 150 },
  "/": {
    modules: ["src/features/shell/components/app-shell.tsx", "src/features/dashboard/routes/dashboard.tsx"],
    budgetKb: 250,
  },
  "/reviews": {
    modules: ["src/features/shell/components/app-shell.tsx", "src/features/reviews/routes/reviews.tsx"],
    budgetKb: 250,
  },
};

function closure(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith(".js"));
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const rows = Object.entries(routes).map(([route, { modules, budgetKb }]) => {
  const files = closure([entry, ...modules]);
  const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
  const kb = Math.round((gzip / 1024) * 10) / 10;
  return { route, files: files.length, gzipKb: kb, budgetKb, ok: kb <= budgetKb };
});

if (process.argv.includes("--json")) console.log(JSON.stringify(rows, null, 2));
else
  for (const r of rows)
    console.log(
      `${r.ok ? "ok  " : "OVER"} ${r.route.padEnd(9)} ${String(r.gzipKb).padStart(6)} KB gzip JS (budget ${r.budgetKb} KB, ${r.files} files)`,
    );
if (rows.some((r) => !r.ok)) process.exitCode = 1;
