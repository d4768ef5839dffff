// GET /api/v1/public/reviews/ (the widget's endpoint) against the built server on PostgreSQL:
// requests/s and p50/p99 latency with autocannon. Budget (ARCHITECTURE §8): ≥ 2,000 req/s, p99 < 50 ms.
// Usage: node bench/public-reviews.mjs [seconds=10] [connections=10, autocannon's default]
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test); builds
// apps/api when apps/api/dist is missing.
import autocannon from "autocannon";
import pg from "pg";
import { freshDatabase, insertCompanyWithOwner, ms, startApiServer } from "./lib/api-server.mjs";

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const REVIEWS = 3000;

const database = await freshDatabase("certavis_bench_public");
const server = await startApiServer({ databaseUrl: database.url, port: 3291 });
try {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { companyId } = await insertCompanyWithOwner(client, { name: "Maison Lumière" });
  const { rows: productRows } = await client.query(
    `INSERT INTO products (company_id, name, status)
     SELECT $1, 'Produit ' || g, 'active' FROM generate_series(1, 3) g RETURNING id`,
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
  await client.query("ANALYZE");
  await client.end();

  const paths = [
    `/api/v1/public/reviews/?company_id=${companyId}`,
    ...productIds.map((id) => `/api/v1/public/reviews/?company_id=${companyId}&product_id=${id}`),
  ];
  for (const path of paths) {
    const res = await fetch(server.base + path);
    const body = await res.json();
    if (res.status !== 200 || body.reviews.length !== 10) throw new Error(`${path} answered ${res.status}`);
  }
  const run = (duration) =>
    autocannon({
      url: server.base,
      connections,
      duration,
      requests: paths.map((path) => ({ method: "GET", path })),
    });
  await run(2); // warm-up (JIT, connection pool, in-process memo)
  const result = await run(seconds);
  const rps = result.requests.average;
  const { p50, p99 } = result.latency;
  const failures = result.errors + result.timeouts + result.non2xx;
  console.log(
    `public reviews (PostgreSQL, ${REVIEWS} reviews, ${connections} connections, ${seconds} s, 4 URLs): ` +
      `${Math.round(rps)} req/s, p50 ${ms(p50)}, p99 ${ms(p99)}, ${failures} failures — budget ≥ 2000 req/s, p99 < 50 ms: ` +
      (rps >= 2000 && p99 < 50 && failures === 0 ? "OK" : "MISSED"),
  );
} finally {
  await server.stop();
  await database.drop();
}
