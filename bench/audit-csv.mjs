// The moderation trail's CSV (GET /api/v1/company/reviews/audit.csv) of a company with 200,000
// trail rows, exported from the built server (`apps/api/dist/main.js`, `pnpm build` first) while
// `/api/v1/health/` is probed back to back. Prints the export's duration and size, the server's RSS
// before it and its peak during it (sampled every 10 ms from /proc), and the /health/ latency during
// it (p50/p90/p99/max), for a first export and a second one. Budgets: RSS growth < 50 MB, /health/
// < 100 ms.
// PGlite always; PostgreSQL too when DATABASE_URL, TEST_DATABASE_URL or BENCH_DATABASE_URL is set.
// Usage: node bench/audit-csv.mjs [pglite|postgres|both=auto] [rows=200000] [port=3197]
import { rmSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import pg from "pg";
import {
  accessToken,
  freshDatabase,
  insertCompanyWithOwner,
  ms,
  percentile,
  startApiServer,
} from "./lib/api-server.mjs";
import { mb, probeHealth, rssBytes, seededPgliteDir } from "./lib/export-probes.mjs";

const postgresGiven = Boolean(
  process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.BENCH_DATABASE_URL,
);
const which = process.argv[2] ?? (postgresGiven ? "both" : "pglite");
const rows = Number(process.argv[3] ?? 200_000);
const port = Number(process.argv[4] ?? 3197);
const REVIEWS = 2000;

/**
 * One company, `REVIEWS` reviews and `rows` trail events spread over them, through `client`
 * (node-postgres or PGlite: both have `query(text, params)`). Returns the owner's id.
 */
async function seed(client) {
  const { companyId, userId } = await insertCompanyWithOwner(client, { name: "Maison Lumière" });
  const { rows: productRows } = await client.query(
    `INSERT INTO products (company_id, name, status) VALUES ($1, 'Lampe Aurore', 'active') RETURNING id`,
    [companyId],
  );
  const productId = productRows[0].id;
  const { rows: reviewRows } = await client.query(
    `INSERT INTO reviews (company_id, product_id, rating, comment, author_first_name, author_last_name, status)
     SELECT $1, $2, 1 + (g % 9) / 2.0, 'Très belle lampe, avis ' || g, 'Léa', 'Bernard', 'approved'
     FROM generate_series(1, ${REVIEWS}) g RETURNING id`,
    [companyId, productId],
  );
  const reviewIds = reviewRows.map((r) => r.id);
  await client.query(
    `INSERT INTO review_events (company_id, review_id, kind, actor, actor_user_id, actor_name, from_status,
                                to_status, reason, note, created_at)
     SELECT $1, ($2::uuid[])[1 + g % ${REVIEWS}],
            (ARRAY['submitted', 'approved', 'reported', 'reply_published'])[1 + g % 4], 'user', $3,
            'Camille Martin', 'pending', 'approved', NULL,
            CASE WHEN g % 10 = 0 THEN '=HYPERLINK("exemple")' ELSE 'Merci pour votre retour ; à bientôt ' || g END,
            now() - make_interval(secs => ${rows} - g)
     FROM generate_series(1, ${rows}) g`,
    [companyId, reviewIds, userId],
  );
  return userId;
}

/** Reads the export to its end; counts its bytes and lines. */
async function exportCsv(base, token) {
  const res = await fetch(`${base}/api/v1/company/reviews/audit.csv`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`audit.csv answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let formulas = 0;
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    bytes += chunk.length;
    const text = decoder.decode(chunk, { stream: true });
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines += 1;
    formulas += text.split(";=").length - 1;
  }
  if (formulas > 0) throw new Error(`${formulas} cells start with '=' (formula injection)`);
  return { bytes, lines };
}

async function run(kind) {
  const seedStart = performance.now();
  let database = null;
  let pgliteDir = null;
  let userId;
  if (kind === "postgres") {
    database = await freshDatabase("certavis_bench_audit");
    // The server migrates the fresh database first; it is seeded straight afterwards.
    const migrating = await startApiServer({ databaseUrl: database.url, port });
    await migrating.stop();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    userId = await seed(client);
    await client.end();
  } else {
    const seeded = await seededPgliteDir({ port, prefix: "certavis-bench-audit-", seed });
    pgliteDir = seeded.dataDir;
    userId = seeded.userId;
  }
  const seedMs = performance.now() - seedStart;
  const server = await startApiServer({ databaseUrl: database?.url ?? "", port, dataDir: pgliteDir });
  try {
    const token = accessToken(server.jwtSecret, userId);
    const idle = probeHealth(server.base);
    await new Promise((r) => setTimeout(r, 1000));
    const baseline = await idle.stop();

    // Twice: the first export also fills the database's cache (PGlite's buffers live in the server's
    // memory), the second shows what one more export costs.
    const rssStart = rssBytes(server.pid);
    const rounds = [];
    for (const round of ["first", "second"]) {
      const rssBefore = rssBytes(server.pid);
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, rssBytes(server.pid));
      }, 10);
      const loadBefore = loadavg()[0].toFixed(2);
      const probe = probeHealth(server.base);
      const started = performance.now();
      const { bytes, lines } = await exportCsv(server.base, token);
      const exportMs = performance.now() - started;
      const health = await probe.stop();
      clearInterval(sampler);
      if (lines !== rows + 1) throw new Error(`the export has ${lines} lines, not ${rows + 1}`);
      rounds.push(
        `${round} export in ${(exportMs / 1000).toFixed(2)} s, ${mb(bytes)}: server RSS ${mb(rssBefore)} before, peak ${mb(rssPeak)} during ` +
          `(growth ${mb(rssPeak - rssBefore)}, ${mb(rssPeak - rssStart)} since the server started); ` +
          `/health/ during it (${health.length} probes): p50 ${ms(percentile(health, 0.5))}, p90 ${ms(percentile(health, 0.9))}, ` +
          `p99 ${ms(percentile(health, 0.99))}, max ${ms(health.at(-1) ?? 0)}; ` +
          `machine load ${loadBefore} before, ${loadavg()[0].toFixed(2)} after`,
      );
    }
    console.log(
      `audit CSV, ${kind}: ${rows} trail rows (seeded in ${(seedMs / 1000).toFixed(1)} s); ${rounds.join("; ")}; ` +
        `idle baseline /health/ p50 ${ms(percentile(baseline, 0.5))}, p99 ${ms(percentile(baseline, 0.99))} ` +
        `(1-min load averages, ${availableParallelism()} cores)`,
    );
  } finally {
    await server.stop();
    await database?.drop();
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  }
}

for (const kind of which === "both" ? ["pglite", "postgres"] : [which]) await run(kind);
