import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2E_DIR, MAIL_DIR, REPO_ROOT } from "./support/paths";
import { E2E_BASE_URL, E2E_PORT, E2E_SMTP_PORT } from "./support/ports";
import { startSmtpCapture } from "./support/smtp-capture";

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited with code ${server.exitCode}: see e2e/test-results/server.log`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * Starts what every journey needs: a real SMTP server writing mails to e2e/.mail, and the built product
 * (`apps/api/dist/main.js`, the same process `pnpm start` runs) on a fresh embedded database with the demo seed.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const main = join(REPO_ROOT, "apps/api/dist/main.js");
  if (!existsSync(main))
    throw new Error("apps/api/dist/main.js is missing: run `pnpm build` first (pnpm test:e2e does).");

  // Another server already on the port would silently answer the journeys instead of ours.
  const alreadyServing = await fetch(`${E2E_BASE_URL}/api/v1/health/`).then(
    () => true,
    () => false,
  );
  if (alreadyServing) throw new Error(`${E2E_BASE_URL} is already in use: stop that server or set E2E_PORT.`);

  rmSync(MAIL_DIR, { recursive: true, force: true });
  const smtp = await startSmtpCapture(E2E_SMTP_PORT, MAIL_DIR);

  const dataDir = mkdtempSync(join(tmpdir(), "certavis-e2e-"));
  // The journeys run the operators' command against this server (it answers through DATA_DIR's socket).
  process.env.E2E_DATA_DIR = dataDir;
  mkdirSync(join(E2E_DIR, "test-results"), { recursive: true });
  const log = createWriteStream(join(E2E_DIR, "test-results/server.log"));
  const server = spawn(process.execPath, [main], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: E2E_BASE_URL,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      SEED_DEMO: "1",
      RATE_LIMIT_PER_IP: "100000",
      // Webhook receivers of the journeys listen on 127.0.0.1 (never in production).
      OUTBOUND_ALLOW_PRIVATE: "1",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  try {
    // A fresh embedded database (initdb, migrations, the demo seed) takes seconds alone, but more than
    // 120 s at a load of 25 (2 cores shared): the wait only ends sooner when the server answers.
    await waitForHealth(`${E2E_BASE_URL}/api/v1/health/`, server, 300_000);
  } catch (error) {
    server.kill("SIGKILL");
    await smtp.close();
    throw error;
  }

  return async () => {
    server.kill("SIGTERM");
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        server.kill("SIGKILL");
        resolve();
      }, 5_000);
      server.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
