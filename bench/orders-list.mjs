// GET /api/v1/company/orders/ (an integration's or an accountant's view of the orders, newest order
// date first) on 1,000,000 orders of one company (one in ten with a second product line), against the
// built server on PostgreSQL (or the embedded PGlite): p50/p95 latency per page, sequential requests.
// Each order's request and reminder rows are seeded as the queue leaves them, so Commandes' search,
// state, source and period filters and its keyset pages (`cursor`) are measured on real shapes.
// Budget (the list pages of ARCHITECTURE §8): p95 < 50 ms per page.
// Usage: node bench/orders-list.mjs [postgres|pglite] [orders=1000000] [requestsPerScenario=40]
// The rows are made with generate_series in a dedicated database (certavis_bench_orders, dropped at the
// end; KEEP_BENCH_DB=1 keeps it and reuses it on the next run; on PGlite, BENCH_PGLITE_SEEDED=<folder>
// keeps a seeded copy).
import { rmSync } from "node:fs";
import pg from "pg";
import {
  accessToken,
  freshDatabase,
  grandeMaison,
  insertCompanyWithOwner,
  insertOtherTenant,
  insertRowsOfBothTenants,
  startApiServer,
} from "./lib/api-server.mjs";
import { seededPgliteDir } from "./lib/export-probes.mjs";
import { measurePages } from "./lib/page-latency.mjs";

const which = process.argv[2] ?? "postgres";
const ORDERS = Number(process.argv[3] ?? 1_000_000);
const perScenario = Number(process.argv[4] ?? 40);
const PRODUCTS = 50;
const port = 3296;

/** The orders, through `client` (node-postgres or PGlite: both have `query(text, params)`). */
async function seed(client) {
  const started = performance.now();
  const { companyId, userId } = await insertCompanyWithOwner(client, { name: "Grande Maison" });
  const { rows } = await client.query(
    `INSERT INTO products (company_id, name, status, sku)
     SELECT $1, 'Lampe ' || g, 'active', 'LAMP-' || g FROM generate_series(1, $2) g RETURNING id`,
    [companyId, PRODUCTS],
  );
  const productIds = rows.map((r) => r.id);
  const other = await insertOtherTenant(client);
  // Line 0 of every order, and a line 1 (another product) for one order in ten. Order dates repeat
  // (about 2,700 orders a day over a year), as an import of a day's orders makes them.
  const insert = `
    INSERT INTO orders (company_id, product_id, reference, line, buyer_email, buyer_first_name, buyer_last_name,
                        order_date, review_key_hash, created_at, source, email_stop)
    SELECT $1::uuid, ($2::uuid[])[1 + (g * 17 + line * 5) % array_length($2::uuid[], 1)],
           'CMD-' || lpad(g::text, 8, '0'), line, 'acheteur' || g || '@exemple.fr', 'Léa', 'Bernard',
           date_trunc('day', now()) - make_interval(days => ((g::bigint * 7919) % 365)::int),
           md5($1::text || '-' || g || '-' || line), now() - make_interval(secs => g),
           CASE WHEN g % 1000 = 7 THEN 'prestashop' WHEN g % 4 = 1 THEN 'shopify' WHEN g % 4 = 2 THEN 'csv'
                ELSE 'api' END,
           CASE WHEN g % 2000 = 3 THEN 'suppressed' END
    FROM generate_series($3::int, $4::int) g, generate_series(0, 1) line
    WHERE line = 0 OR g % 10 = 0`;
  const count = await insertRowsOfBothTenants(client, {
    table: "orders",
    insert,
    count: ORDERS,
    companyId,
    productIds,
    other,
  });
  // Each head's e-mails, as the queue leaves them: requests sent 3 days after the order (1 in 100
  // failed, 1 in 500 held by the quota), due ones scheduled, a sent reminder 10 days after it.
  await client.query(
    `INSERT INTO email_deliveries (company_id, order_id, kind, status, scheduled_at, sent_at)
     SELECT o.company_id, o.id, k.kind,
            CASE WHEN o.email_stop IS NOT NULL THEN 'cancelled'
                 WHEN o.order_date + k.after > now() THEN 'scheduled'
                 WHEN k.kind = 'request' AND hashtext(o.reference) % 100 = 0 THEN 'failed'
                 WHEN k.kind = 'request' AND hashtext(o.reference) % 500 = 1 THEN 'held'
                 ELSE 'sent' END,
            o.order_date + k.after,
            CASE WHEN o.email_stop IS NULL AND o.order_date + k.after <= now() THEN o.order_date + k.after END
     FROM orders o CROSS JOIN (VALUES ('request', interval '3 days'), ('reminder', interval '10 days')) AS k(kind, after)
     WHERE o.line = 0`,
  );
  await client.query("VACUUM ANALYZE email_deliveries");
  console.log(`seeded ${count} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return userId;
}

/** The seeded company's owner and products, read back through the API. */
async function seededCompany(server, userId) {
  const headers = { authorization: `Bearer ${accessToken(server.jwtSecret, userId)}` };
  const res = await fetch(`${server.base}/api/v1/company/products/?limit=100`, { headers });
  const products = await res.json();
  if (!res.ok) throw new Error(`products: ${res.status} ${JSON.stringify(products).slice(0, 200)}`);
  return { headers, productIds: products.results.map((p) => p.id) };
}

async function onPostgres() {
  const keep = process.env.KEEP_BENCH_DB === "1";
  const database = await freshDatabase("certavis_bench_orders", { reuse: keep });
  const server = await startApiServer({ databaseUrl: database.url, port });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const stop = async () => {
    await server.stop();
    if (!keep) await database.drop();
  };
  try {
    const userId = database.reused ? (await grandeMaison(client)).userId : await seed(client);
    return { server, userId, stop, databaseUrl: database.url };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    await client.end();
  }
}

async function onPglite() {
  const { dataDir, userId } = await seededPgliteDir({ port, prefix: "certavis-bench-orders-", seed });
  const server = await startApiServer({ databaseUrl: "", port, dataDir });
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, userId, stop };
}

/**
 * Waits until the server's periodic task has recomputed every order's request states (migration 0048
 * notes every existing order stale; the seed's inserts note theirs), and prints how long it took.
 */
async function statesRecomputed(databaseUrl) {
  if (!databaseUrl) return;
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query("SELECT count(*)::int AS n FROM order_request_states_stale");
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // What autovacuum does after a million rows came and went (this machine's PostgreSQL runs without
    // it): "is anything stale?" is then an index probe again.
    await client.query("VACUUM ANALYZE order_request_states_stale, order_request_states");
    const { rows } = await client.query("SELECT count(*)::int AS n FROM order_request_states");
    console.log(
      `request states recomputed (${rows[0].n} rows) in ${((performance.now() - started) / 1000).toFixed(1)} s after the start`,
    );
  } finally {
    await client.end();
  }
}

const { server, userId, stop, databaseUrl } = which === "pglite" ? await onPglite() : await onPostgres();
try {
  await statesRecomputed(databaseUrl);
  const { headers, productIds } = await seededCompany(server, userId);
  const pick = (list, i) => list[(i * 7919) % list.length];
  // Keyset cursors of the first 200 pages of 20, read once.
  const cursors = [];
  for (let cursor = null; cursors.length < 200; ) {
    const res = await fetch(`${server.base}/api/v1/company/orders/?${cursor ? `cursor=${cursor}` : ""}`, {
      headers,
    });
    cursor = (await res.json()).next_cursor;
    if (!cursor) break;
    cursors.push(cursor);
  }
  const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const someOrder = (i) => 1 + ((i * 7919) % ORDERS);
  const scenarios = [
    ["first page (20)", () => ""],
    ["first page, limit 100", () => "limit=100"],
    ["pages of 20 (offset ≤ 1000)", (i) => `offset=${20 * ((i * 13) % 51)}`],
    ["product, first page", (i) => `product_id=${pick(productIds, i)}`],
    ["keyset pages (cursor ≤ 200)", (i) => `cursor=${pick(cursors, i)}`],
    ["search: a buyer's e-mail", (i) => `q=acheteur${someOrder(i)}%40exemple.fr`],
    ["search: a reference's start", (i) => `q=CMD-${String(someOrder(i)).padStart(8, "0").slice(0, 6)}`],
    ["state: scheduled", () => "state=scheduled"],
    ["state: reminded", () => "state=reminded"],
    ["state: failed", () => "state=failed"],
    ["state: skipped", () => "state=skipped"],
    ["source: prestashop (rare)", () => "source=prestashop"],
    ["period: 30 days, 6 months ago", () => `from=${day(210)}&to=${day(180)}`],
    ["failed, shopify, 3 months", () => `state=failed&source=shopify&from=${day(90)}`],
  ];
  await measurePages({
    title: `orders list (${which === "pglite" ? "PGlite" : "PostgreSQL"}, ${ORDERS} orders in one company, ${perScenario} requests each)`,
    url: `${server.base}/api/v1/company/orders/`,
    headers,
    scenarios,
    perScenario,
    check: (body, name) => {
      if (body.count < 1 || body.results.length < 1) throw new Error(`${name}: no orders in the answer`);
    },
  });
} finally {
  await stop();
}
