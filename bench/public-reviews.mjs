// The public surfaces against the built server on PostgreSQL, each compared with a bare Fastify
// serving the same bytes with the same content type in the same run (bench/lib/bare-server.mjs):
// requests/s, p50/p99 latency (autocannon) and the ratio to the reference.
// Budgets (ARCHITECTURE §8, issue 24 part 5): the JSON ≥ 2,000 req/s, p99 < 50 ms and ≥ 70 % of the
// reference; the painted /widget page, the public review pages and the Google feed ≥ 50 %.
// Usage: node bench/public-reviews.mjs [seconds=10] [connections=10, autocannon's default]
//   [--only=<part of a target's name>, e.g. --only=feed] [--reviews=3000]
// Each target's first request (the feed's: rendered and kept, or streamed past 4 MB) is timed with the
// server's RSS before and at its peak; with --single, only that is measured (e.g. the feed of a
// company with 100,000 reviews: --only=feed --reviews=100000 --single).
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test); builds
// apps/api when apps/api/dist is missing; the widget page is painted only with apps/widget built.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freshDatabase, insertCompanyWithOwner, ms, root, startApiServer } from "./lib/api-server.mjs";
import { startBareReference } from "./lib/bare-reference.mjs";

const flags = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith("--"))
    .map((arg) => {
      const [name, value = "1"] = arg.slice(2).split("=");
      return [name, value];
    }),
);
const selected = (target) => !flags.only || target.name.toLowerCase().includes(flags.only.toLowerCase());
const [secondsArg, connectionsArg] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const seconds = Number(secondsArg ?? 10);
const connections = Number(connectionsArg ?? 10);
const REVIEWS = Number(flags.reviews ?? 3000);

const database = await freshDatabase("certavis_bench_public");
const server = await startApiServer({ databaseUrl: database.url, port: 3291 });
let bare = null;
try {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { companyId } = await insertCompanyWithOwner(client, { name: "Maison Lumière" });
  const { rows: productRows } = await client.query(
    `INSERT INTO products (company_id, name, status, sku)
     SELECT $1, 'Produit ' || g, 'active', 'LAMPE-' || g FROM generate_series(1, 3) g RETURNING id`,
    [companyId],
  );
  const productIds = productRows.map((r) => r.id);
  await client.query(
    `INSERT INTO reviews (company_id, product_id, rating, comment, author_first_name, author_last_name,
                          status, created_at, moderated_at)
     SELECT $1, ($2::uuid[])[1 + g % 3], 1 + (g % 9) / 2.0,
            'Très belle lampe, livraison rapide. Avis numéro ' || g, 'Léa', 'Bernard',
            CASE WHEN g % 10 < 7 THEN 'approved' WHEN g % 10 < 9 THEN 'pending' ELSE 'rejected' END,
            now() - make_interval(mins => g), now() - make_interval(mins => g)
     FROM generate_series(1, $3) g`,
    [companyId, productIds, REVIEWS],
  );
  const { rows: slugRows } = await client.query("SELECT slug FROM companies WHERE id = $1", [companyId]);
  await client.query("ANALYZE");
  await client.end();
  const slug = slugRows[0].slug;

  const targets = [
    {
      name: "JSON /api/v1/public/reviews/",
      floor: 0.7,
      urls: [
        `/api/v1/public/reviews/?company_id=${companyId}`,
        ...productIds.map((id) => `/api/v1/public/reviews/?company_id=${companyId}&product_id=${id}`),
      ],
    },
    {
      name: "painted /widget page",
      floor: 0.5,
      needs: existsSync(join(root, "apps/widget/dist/server/render.mjs")),
      urls: [
        `/widget?company_id=${companyId}`,
        ...productIds.map((id) => `/widget?company_id=${companyId}&product_id=${id}`),
      ],
    },
    {
      name: "public pages /avis/…",
      floor: 0.5,
      urls: [
        `/avis/${slug}`,
        `/avis/${slug}?page=2`,
        ...productIds.map((id) => `/avis/${slug}/produits/${id}`),
      ],
    },
    {
      name: "Google reviews feed",
      floor: 0.5,
      urls: [`/api/v1/public/feeds/google-product-reviews.xml?company_id=${companyId}`],
    },
  ];
  const cpuMsOf = (pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const rssMb = () => {
    const line = readFileSync(`/proc/${server.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
    return Number(line?.[1] ?? 0) / 1024;
  };
  for (const target of targets) {
    if (target.needs === false || !selected(target)) continue;
    // The server has just started: nothing is kept in memory yet.
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb());
    }, 20);
    const started = performance.now();
    const cpuBefore = cpuMsOf(server.pid);
    const first = await fetch(server.base + target.urls[0], { headers: { "accept-encoding": "gzip" } });
    const bytes = (await first.arrayBuffer()).byteLength;
    clearInterval(sampler);
    console.log(
      `${target.name}: first request ${ms(performance.now() - started)} (server CPU ${cpuMsOf(server.pid) - cpuBefore} ms), ` +
        `${(bytes / 1e6).toFixed(2)} MB of text ` +
        `(${first.headers.get("content-length") ? "sent whole" : "streamed"}), server RSS ${before.toFixed(0)} MB before, ` +
        `${peak.toFixed(0)} MB at most`,
    );
  }
  const live = [];
  for (const target of targets) {
    if (!selected(target) || flags.single) continue;
    if (target.needs === false) {
      console.log(`${target.name}: skipped (apps/widget is not built: pnpm --filter @certavis/widget build)`);
      continue;
    }
    const statuses = await Promise.all(
      target.urls.map(async (url) => (await fetch(server.base + url)).status),
    );
    if (statuses.some((status) => status !== 200)) {
      console.log(`${target.name}: skipped (answers ${statuses.join(", ")}: not built on this server)`);
      continue;
    }
    live.push(target);
  }
  bare = await startBareReference({ base: server.base, urls: live.flatMap((t) => t.urls), port: 3292 });

  const run = (base, urls, duration) =>
    autocannon({ url: base, connections, duration, requests: urls.map((path) => ({ method: "GET", path })) });
  // CPU time a process has used (user + system, in clock ticks of 10 ms on Linux): per request, it
  // tells the cost of an answer however busy the machine is.
  const cpuTicks = (pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]);
  };
  const timed = async (pid, base, urls, duration) => {
    const before = cpuTicks(pid);
    const result = await run(base, urls, duration);
    result.cpuMs = (cpuTicks(pid) - before) * 10;
    return result;
  };
  const summary = (results) => {
    const sorted = (key) => results.map((r) => r.latency[key]).sort((a, b) => a - b);
    return {
      rps: results.reduce((n, r) => n + r.requests.average, 0) / results.length,
      p50: sorted("p50")[Math.floor(results.length / 2)],
      p99: Math.max(...sorted("p99")),
      failures: results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
      cpuUsPerRequest:
        (1000 * results.reduce((n, r) => n + r.cpuMs, 0)) / results.reduce((n, r) => n + r.requests.total, 0),
    };
  };
  // The server and its reference take turns (ROUNDS short runs each), so that whatever else the
  // machine does at the time weighs on both alike.
  const ROUNDS = 4;
  const compare = async (urls) => {
    await run(server.base, urls, 1); // warm-up (JIT, connection pool, in-process caches)
    await run(bare.base, urls, 1);
    const real = [];
    const reference = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const duration = Math.max(1, Math.round(seconds / ROUNDS));
      real.push(await timed(server.pid, server.base, urls, duration));
      reference.push(await timed(bare.pid, bare.base, urls, duration));
    }
    return { real: summary(real), reference: summary(reference) };
  };
  console.log(
    `PostgreSQL, ${REVIEWS} reviews, ${connections} connections, ${seconds} s per run; reference: bare Fastify, same bytes`,
  );
  let missed = 0;
  for (const target of live) {
    const { real, reference } = await compare(target.urls);
    const ratio = real.rps / reference.rps;
    const ok = ratio >= target.floor && real.failures === 0 && reference.failures === 0;
    if (!ok) missed += 1;
    console.log(
      `${target.name} (${target.urls.length} URLs): ${Math.round(real.rps)} req/s, p50 ${ms(real.p50)}, ` +
        `p99 ${ms(real.p99)}, ${real.failures} failures | reference ${Math.round(reference.rps)} req/s | ` +
        `${Math.round(ratio * 100)} % of the reference (floor ${target.floor * 100} %): ${ok ? "OK" : "MISSED"}`,
    );
    console.log(
      `  server CPU per request: ${real.cpuUsPerRequest.toFixed(0)} µs vs ${reference.cpuUsPerRequest.toFixed(0)} µs ` +
        `for the reference (the reference costs ${Math.round((100 * reference.cpuUsPerRequest) / real.cpuUsPerRequest)} % of ours)`,
    );
    if (target.floor === 0.7) {
      const budget = real.rps >= 2000 && real.p99 < 50;
      if (!budget) missed += 1;
      console.log(`  absolute budget ≥ 2000 req/s, p99 < 50 ms: ${budget ? "OK" : "MISSED"}`);
    }
  }
  process.exitCode = missed === 0 ? 0 : 1;
} finally {
  await bare?.stop();
  await server.stop();
  await database.drop();
}
