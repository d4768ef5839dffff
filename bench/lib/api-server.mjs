// Shared pieces of the API benchmarks: a dedicated PostgreSQL database, the built server
// (`apps/api/dist/main.js`) on it, straight-to-database users with signed access tokens (as
// apps/api/test/helpers/users.ts does), and percentiles.
import { spawn, spawnSync } from "node:child_process";
import { createHmac, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const root = fileURLToPath(new URL("../..", import.meta.url));
/** The PostgreSQL server the benchmarks create their own databases on. */
export const BENCH_SERVER_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  "postgres://postgres@127.0.0.1:5432/test";

/** Builds the API bundle when it is missing (`pnpm --filter @certavis/api build`). */
export function ensureApiBuilt() {
  if (existsSync(join(root, "apps/api/dist/main.js"))) return;
  const built = spawnSync("pnpm", ["--filter", "@certavis/api", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) throw new Error("could not build apps/api");
}

/**
 * A fresh database `name` on the benchmark server (dropped first when it exists); with `reuse`, an
 * existing one is kept as it is (`reused: true`).
 */
export async function freshDatabase(name, { reuse = false } = {}) {
  const admin = new pg.Client({ connectionString: BENCH_SERVER_URL });
  await admin.connect();
  const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount > 0;
  const reused = reuse && exists;
  if (!reused) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    reused,
    async drop() {
      const cleanup = new pg.Client({ connectionString: BENCH_SERVER_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * Starts the built server on `databaseUrl` (it migrates on start) and resolves once
 * `/api/v1/health/` answers. Production mode: JSON logs at warn, no dev mailbox. Without
 * `databaseUrl`, PGlite in a fresh folder removed on stop, or in `dataDir` (kept: the caller's).
 */
export async function startApiServer({
  databaseUrl,
  port,
  smtpUrl = "smtp://127.0.0.1:9",
  env = {},
  nodeArgs = [],
  dataDir: givenDataDir = null,
}) {
  ensureApiBuilt();
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), "certavis-bench-"));
  const jwtSecret = randomBytes(32).toString("hex");
  const server = spawn(process.execPath, [...nodeArgs, join(root, "apps/api/dist/main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      JWT_SECRET: jwtSecret,
      SEED_DEMO: "0",
      RATE_LIMIT_PER_IP: "100000000",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  // BENCH_START_TIMEOUT_MS: longer on a machine so loaded that a fresh database's start takes minutes.
  const startTimeout = Number(process.env.BENCH_START_TIMEOUT_MS || 180_000);
  const deadline = Date.now() + startTimeout;
  for (;;) {
    if (server.exitCode !== null) throw new Error("the API server exited during start");
    try {
      if ((await fetch(`${base}/api/v1/health/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.kill("SIGTERM");
      throw new Error(`${base} not healthy within ${startTimeout / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    pid: server.pid,
    jwtSecret,
    async stop() {
      if (server.exitCode === null) server.kill("SIGTERM");
      await exited;
      if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const b64url = (value) => Buffer.from(value).toString("base64url");

/** An access JWT as the server signs them (HS256, `typ: access`, 15 min). */
export function accessToken(jwtSecret, userId) {
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: "HS256" }));
  const payload = b64url(
    JSON.stringify({
      typ: "access",
      sub: userId,
      iss: "certavis",
      aud: "certavis-api",
      iat: now,
      exp: now + 900,
    }),
  );
  // The server signs with a key derived for access tokens from its root secret (apps/api/src/lib/keyring.ts).
  const key = Buffer.from(hkdfSync("sha256", jwtSecret, Buffer.alloc(0), "certavis:access-token", 32));
  const signature = createHmac("sha256", key).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/** A company on `planType` with its owner (straight to the database). Returns ids. */
export async function insertCompanyWithOwner(client, { name, planType = "EXPANSION" }) {
  const userId = randomUUID();
  const companyId = randomUUID();
  await client.query(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, email_confirmed)
     VALUES ($1, $2, 'bench-no-login', 'Camille', 'Martin', true)`,
    [userId, `owner-${companyId}@bench.test`],
  );
  await client.query(
    `INSERT INTO companies (id, name, slug, plan_type, subscription_status, created_by) VALUES ($1, $2, $5, $3, 'active', $4)`,
    [companyId, name, planType, userId, `bench-${companyId}`],
  );
  await client.query(`INSERT INTO memberships (company_id, user_id, role) VALUES ($1, $2, 'owner')`, [
    companyId,
    userId,
  ]);
  return { companyId, userId };
}

/**
 * Another company with one product ('Vase'), whose rows a benchmark adds beside the measured
 * company's: every query must stay within its own tenant. Returns the ids.
 */
export async function insertOtherTenant(client) {
  const { companyId } = await insertCompanyWithOwner(client, { name: "Petite Maison" });
  const { rows } = await client.query(
    `INSERT INTO products (company_id, name, status) VALUES ($1, 'Vase', 'active') RETURNING id`,
    [companyId],
  );
  return { companyId, productId: rows[0].id };
}

/**
 * Runs a benchmark's row generator `insert` (parameters: company, its products, first and last row
 * number) for the measured company in chunks of 250,000 rows, then for 20,000 rows of the other tenant
 * (`insertOtherTenant`), and refreshes the planner's statistics of `table` and of products. Returns
 * the number of rows inserted.
 */
export async function insertRowsOfBothTenants(
  client,
  { table, insert, count, companyId, productIds, other },
) {
  const chunk = 250_000;
  for (let from = 1; from <= count; from += chunk)
    await client.query(insert, [companyId, productIds, from, Math.min(count, from + chunk - 1)]);
  await client.query(insert, [other.companyId, [other.productId], 1, 20_000]);
  await client.query(`VACUUM ANALYZE ${table}`);
  await client.query("VACUUM ANALYZE products");
  return count + 20_000;
}

/** The measured company of a benchmark database kept from an earlier run ('Grande Maison'), and its owner. */
export async function grandeMaison(client) {
  const { rows } = await client.query(
    `SELECT c.id AS company_id, m.user_id FROM companies c JOIN memberships m ON m.company_id = c.id
     WHERE c.name = 'Grande Maison'`,
  );
  return { companyId: rows[0].company_id, userId: rows[0].user_id };
}

/** Nearest-rank percentile of sorted numbers. */
export function percentile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export const ms = (value) => `${value.toFixed(1)} ms`;
