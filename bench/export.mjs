// The company's ZIP export (GET /api/v1/company/export/) of a company with 100,000 reviews (each with
// an order and a 'submitted' trail event), downloaded from the built server (`apps/api/dist/main.js`,
// `pnpm build` first) while `/api/v1/health/` and `/embed.js` (neither touches the database) are each
// probed back to back. Prints the export's duration and
// size, the server's RSS before it and its peak during it (sampled every 10 ms from /proc), and the
// /health/ and /embed.js latencies during it (p50/p90/p99/max), for a first export and a second one.
// Budgets: RSS growth < 100 MB (issue 25), /health/ and /embed.js p99 < 50 ms (issue 43). On a busy machine /health/ also waits for a core: the
// longest turn of the server's event loop in its own CPU time (bench/lib/loop-turns.mjs) does not.
// On PGlite the first export's growth includes what PGlite grows for good (the database runs in the
// server's memory); the second export shows what the export itself holds.
// PGlite always; PostgreSQL too when DATABASE_URL, TEST_DATABASE_URL or BENCH_DATABASE_URL is set.
// Usage: node bench/export.mjs [pglite|postgres|both=auto] [reviews=100000] [port=3350]
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
import {
  cpuSeconds,
  loopTurnsProbe,
  mb,
  probeHealth,
  probeLatency,
  rssBytes,
  seededPgliteDir,
} from "./lib/export-probes.mjs";

const postgresGiven = Boolean(
  process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.BENCH_DATABASE_URL,
);
const which = process.argv[2] ?? (postgresGiven ? "both" : "pglite");
const rows = Number(process.argv[3] ?? 100_000);
const port = Number(process.argv[4] ?? 3350);

/**
 * One company, two products, `rows` orders each with its review (a formula in every tenth comment)
 * and one trail event per review, through `client` (node-postgres or PGlite: both have
 * `query(text, params)`). Returns the owner's id.
 */
async function seed(client) {
  const { companyId, userId } = await insertCompanyWithOwner(client, { name: "Maison Lumière" });
  const { rows: productRows } = await client.query(
    `INSERT INTO products (company_id, name, status, sku)
     VALUES ($1, 'Lampe Aurore', 'active', 'LAMP-1'), ($1, '=Vase', 'active', 'VASE-1') RETURNING id`,
    [companyId],
  );
  const productIds = productRows.map((r) => r.id);
  await client.query(
    `INSERT INTO orders (company_id, product_id, reference, buyer_email, buyer_first_name, buyer_last_name,
                         order_date, review_key_hash)
     SELECT $1, ($2::uuid[])[1 + g % 2], 'CMD-' || lpad(g::text, 7, '0'), 'acheteur' || g || '@exemple.fr',
            'Léa', 'Bernard', now() - make_interval(days => 1 + g % 300), md5('bench-export-' || g)
     FROM generate_series(1, ${rows}) g`,
    [companyId, productIds],
  );
  await client.query(
    `INSERT INTO reviews (company_id, product_id, order_id, rating, title, comment, author_first_name,
                          author_last_name, status, answers, created_at)
     SELECT o.company_id, o.product_id, o.id, 1 + (g % 9) / 2.0, 'Avis ' || g,
            CASE WHEN g % 10 = 0 THEN '=HYPERLINK("exemple")' ELSE 'Très belle lampe ; livrée vite, avis ' || g END,
            'Léa', 'Bernard', (ARRAY['approved', 'pending', 'rejected'])[1 + g % 3],
            jsonb_build_object('rating', 1 + g % 5, 'comment', 'Réponse ' || g),
            now() - make_interval(secs => ${rows} - g)
     FROM (SELECT o.*, row_number() OVER (ORDER BY o.reference) AS g FROM orders o WHERE o.company_id = $1) o`,
    [companyId],
  );
  await client.query(
    `INSERT INTO review_events (company_id, review_id, kind, actor, to_status, created_at)
     SELECT company_id, id, 'submitted', 'author', 'pending', created_at FROM reviews WHERE company_id = $1`,
    [companyId],
  );
  // Fresh statistics, as autovacuum would have them on a live database.
  await client.query("ANALYZE");
  return userId;
}

/** Reads the export to its end; counts its bytes and checks the ZIP's end record is there. */
async function exportZip(base, token) {
  const res = await fetch(`${base}/api/v1/company/export/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`the export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of res.body) {
    bytes += chunk.length;
    tail = Buffer.concat([tail, chunk]).subarray(-22);
  }
  // End of central directory record (no comment): the ZIP was written to its end.
  if (tail.readUInt32LE(0) !== 0x06054b50) throw new Error("the ZIP has no end record");
  return { bytes, entries: tail.readUInt16LE(10) };
}

async function run(kind) {
  const seedStart = performance.now();
  let database = null;
  let pgliteDir = null;
  let userId;
  if (kind === "postgres") {
    database = await freshDatabase("certavis_bench_export");
    // The server migrates the fresh database first; it is seeded straight afterwards.
    const migrating = await startApiServer({ databaseUrl: database.url, port });
    await migrating.stop();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    userId = await seed(client);
    await client.end();
  } else {
    const seeded = await seededPgliteDir({ port, prefix: "certavis-bench-export-", seed });
    pgliteDir = seeded.dataDir;
    userId = seeded.userId;
  }
  const seedMs = performance.now() - seedStart;
  const turns = loopTurnsProbe();
  const server = await startApiServer({
    databaseUrl: database?.url ?? "",
    port,
    dataDir: pgliteDir,
    nodeArgs: turns.nodeArgs,
    // PGLITE_BASELINE_COMPILER=0 in the bench's environment measures PGlite on V8's optimizing compiler.
    env: { ...turns.env, PGLITE_BASELINE_COMPILER: process.env.PGLITE_BASELINE_COMPILER ?? "" },
  });
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
      await turns.read(server.pid);
      const probe = probeHealth(server.base);
      const embedProbe = probeLatency(server.base, "/embed.js");
      const cpuBefore = cpuSeconds(server.pid);
      const started = performance.now();
      const { bytes, entries } = await exportZip(server.base, token);
      const exportMs = performance.now() - started;
      const cpuUsed = cpuSeconds(server.pid) - cpuBefore;
      const health = await probe.stop();
      const embed = await embedProbe.stop();
      const loop = await turns.read(server.pid);
      clearInterval(sampler);
      // The export's files grew with the product (6 at first, 13 on 2026-11-28): at least the first 6.
      if (entries < 6) throw new Error(`the ZIP has ${entries} entries, not at least 6`);
      rounds.push(
        `${round} export (${entries} files) in ${(exportMs / 1000).toFixed(2)} s (server CPU ${cpuUsed.toFixed(1)} s, with the /health/ probes), ${mb(bytes)}: server RSS ${mb(rssBefore)} before, peak ${mb(rssPeak)} during ` +
          `(growth ${mb(rssPeak - rssBefore)}, ${mb(rssPeak - rssStart)} since the server started); ` +
          `/health/ during it (${health.length} probes): p50 ${ms(percentile(health, 0.5))}, p90 ${ms(percentile(health, 0.9))}, ` +
          `p99 ${ms(percentile(health, 0.99))}, max ${ms(health.at(-1) ?? 0)}; ` +
          `/embed.js (${embed.length} probes): p50 ${ms(percentile(embed, 0.5))}, p90 ${ms(percentile(embed, 0.9))}, ` +
          `p99 ${ms(percentile(embed, 0.99))}, max ${ms(embed.at(-1) ?? 0)}; ` +
          `longest event-loop turn in the server's own CPU time ${ms(loop.at(-1) ?? 0)} ` +
          `(${loop.filter((t) => t >= 50).length} of ${loop.length} turns >= 50 ms); ` +
          `machine load ${loadBefore} before, ${loadavg()[0].toFixed(2)} after`,
      );
    }
    console.log(
      `company ZIP export, ${kind}: ${rows} reviews and orders (seeded in ${(seedMs / 1000).toFixed(1)} s); ${rounds.join("; ")}; ` +
        `idle baseline /health/ p50 ${ms(percentile(baseline, 0.5))}, p99 ${ms(percentile(baseline, 0.99))} ` +
        `(1-min load averages, ${availableParallelism()} cores)`,
    );
  } finally {
    await server.stop();
    turns.remove();
    await database?.drop();
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  }
}

for (const kind of which === "both" ? ["pglite", "postgres"] : [which]) await run(kind);
