// Login latency: starts the built server (`apps/api/dist/main.js`, run `pnpm build`
// first) on a fresh embedded database with the demo seed, then signs the demo account in N times in
// a row and prints p50 / p95. argon2id runs with the production (OWASP) cost.
// Usage: node bench/login-latency.mjs [count=50] [port=3190]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const count = Number(process.argv[2] ?? 50);
const port = Number(process.argv[3] ?? 3190);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "certavis-login-bench-"));

const server = spawn(process.execPath, [join(root, "apps/api/dist/main.js")], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    SEED_DEMO: "1",
    RATE_LIMIT_PER_IP: "1000000",
    LOG_LEVEL: "warn",
    NODE_ENV: "development",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForHealth(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/v1/health/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${base} not healthy within ${timeoutMs} ms`);
}

async function login() {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "demo@exemple.fr", password: "demo-certavis" }),
  });
  await res.text();
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return performance.now() - started;
}

try {
  await waitForHealth(120_000);
  for (let i = 0; i < 5; i++) await login(); // warm-up
  const times = [];
  for (let i = 0; i < count; i++) times.push(await login());
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(
    `login (argon2id m=19 MiB t=2 p=1, PGlite), ${count} sequential: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, min ${times[0].toFixed(1)} ms`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
