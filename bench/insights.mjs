// GET /api/v1/company/insights/ (the statistics screen) for a company with 1,000,000 reviews and
// 2,000,000 orders over two years, against the built server on PostgreSQL: p50/p95 latency of a
// one-year period (cache missed: each request asks for another period) and of a cached answer.
// Budget (issue 26): < 300 ms for a one-year query.
// Usage: node bench/insights.mjs [requestsPerScenario=10]
// The rows are made with generate_series in a dedicated database (certavis_bench_insights, dropped at
// the end; KEEP_BENCH_DB=1 keeps it and reuses it on the next run).
import pg from "pg";
import {
  accessToken,
  freshDatabase,
  insertCompanyWithOwner,
  ms,
  percentile,
  startApiServer,
} from "./lib/api-server.mjs";

const perScenario = Number(process.argv[2] ?? 10);
const ORDERS = 2_000_000;
const PRODUCTS = 50;
// One order every 31.5 s: two years of orders; every other order has its review.
const ORDER_SPACING_SECONDS = 31.5;

async function seed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  const { companyId, userId } = await insertCompanyWithOwner(client, { name: "Grande Maison" });
  const { rows } = await client.query(
    `INSERT INTO products (company_id, name, status)
     SELECT $1, (ARRAY['Lampe','Applique','Suspension','Lampadaire','Bougeoir'])[1 + g % 5] || ' ' || g, 'active'
     FROM generate_series(1, $2) g RETURNING id`,
    [companyId, PRODUCTS],
  );
  const productIds = rows.map((r) => r.id);
  // Each chunk: its orders, their sent e-mails (a request each, a reminder for a third of the
  // unanswered) and the reviews of the even orders (pending only in the last 25 days, so that the
  // server's 30-day publication job has nothing to do while it is measured).
  // Each chunk: its orders and their sent e-mails (a request each, a reminder for a third of the
  // unanswered), then the reviews of the even orders (pending only in the last 20 days, so that the
  // server's 30-day publication job has nothing to do while it is measured). Two statements: the
  // triggers that keep insight_days then see the e-mails when the reviews come, as in production.
  const placeOrders = `
    WITH input AS (
      SELECT g, now() - make_interval(secs => g * ${ORDER_SPACING_SECONDS}) AS order_date,
             ($2::uuid[])[1 + (g * 17) % array_length($2::uuid[], 1)] AS product_id
      FROM generate_series($3::int, $4::int) g
    ), placed AS (
      INSERT INTO orders (company_id, product_id, reference, buyer_email, buyer_first_name, buyer_last_name,
                          order_date, review_key_hash, created_at)
      SELECT $1, product_id, 'CMD-' || g, 'acheteur' || g || '@exemple.fr', 'Léa', 'Bernard', order_date,
             md5('bench-' || g), order_date
      FROM input
      RETURNING id, order_date, split_part(reference, '-', 2)::int AS g
    )
    INSERT INTO email_deliveries (company_id, order_id, kind, status, scheduled_at, sent_at, attempts)
    SELECT $1, id, 'request', 'sent', order_date + interval '3 days', order_date + interval '3 days', 1
    FROM placed WHERE order_date + interval '3 days' <= now()
    UNION ALL
    SELECT $1, id, 'reminder', 'sent', order_date + interval '10 days', order_date + interval '10 days', 1
    FROM placed WHERE g % 2 = 1 AND g % 3 = 0 AND order_date + interval '10 days' <= now()`;
  const answer = `
    INSERT INTO reviews (company_id, product_id, order_id, rating, title, comment, author_first_name,
                         author_last_name, status, created_at, moderated_at, reply_body, reply_created_at)
    SELECT $1, product_id, id, 1 + ((g * 31) % 9) / 2.0,
           CASE WHEN g % 4 = 0 THEN (ARRAY['Superbe','Bien','Décevant','Parfait'])[1 + g % 4] ELSE '' END,
           (ARRAY['Très belle lampe,','Livraison rapide,','Conforme à la description,','Un peu petite,',
                  'Superbe rendu,','Bon rapport qualité-prix,','Emballage soigné,','Couleur fidèle,',
                  'Montage simple,','Arrivée abîmée,','Lumière douce,','Service client réactif,'])[1 + (g * 7) % 12]
             || ' ' ||
           (ARRAY['je recommande.','rien à redire.','très satisfait.','mitigé.','à revoir.',
                  'parfait pour le salon.','deuxième achat.','cadeau réussi.'])[1 + (g * 11) % 8],
           'Léa', 'Bernard',
           status, created_at,
           CASE WHEN status = 'pending' THEN NULL ELSE created_at + interval '6 hours' END,
           CASE WHEN g % 5 = 0 AND status = 'approved' THEN 'Merci !' END,
           CASE WHEN g % 5 = 0 AND status = 'approved' THEN created_at + make_interval(hours => 6 + g % 48) END
    FROM (
      SELECT id, product_id, g, order_date + interval '3 days' + make_interval(hours => g % 72) AS created_at,
             CASE WHEN g % 10 < 7 THEN 'approved'
                  WHEN g % 10 < 9 AND order_date > now() - interval '20 days' THEN 'pending'
                  WHEN g % 10 < 9 THEN 'approved'
                  ELSE 'rejected' END AS status
      FROM (SELECT id, product_id, order_date, split_part(reference, '-', 2)::int AS g
            FROM orders WHERE company_id = $1 AND order_date < now() - interval '7 days') o
      WHERE g % 2 = 0 AND g BETWEEN $2 AND $3
    ) answered`;
  const chunk = 250_000;
  for (let from = 1; from <= ORDERS; from += chunk) {
    const to = Math.min(ORDERS, from + chunk - 1);
    await client.query(placeOrders, [companyId, productIds, from, to]);
    await client.query(answer, [companyId, from, to]);
  }
  for (const table of [
    "orders",
    "reviews",
    "email_deliveries",
    "products",
    "review_stats",
    "insight_days",
    "insight_reply_hours",
  ])
    await client.query(`VACUUM ANALYZE ${table}`);
  const counts = await client.query(
    `SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM reviews)::int AS reviews,
            (SELECT count(*) FROM email_deliveries)::int AS mails`,
  );
  await client.end();
  const { orders, reviews, mails } = counts.rows[0];
  console.log(
    `seeded ${orders} orders, ${reviews} reviews, ${mails} sent e-mails in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { userId, productIds };
}

async function existingSeed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `SELECT c.id AS company_id, m.user_id FROM companies c JOIN memberships m ON m.company_id = c.id
     WHERE c.name = 'Grande Maison'`,
  );
  const products = await client.query("SELECT id FROM products WHERE company_id = $1", [rows[0].company_id]);
  await client.end();
  return { userId: rows[0].user_id, productIds: products.rows.map((r) => r.id) };
}

const day = (offsetDays) => new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);

const keep = process.env.KEEP_BENCH_DB === "1";
const database = await freshDatabase("certavis_bench_insights", { reuse: keep });
const server = await startApiServer({
  databaseUrl: database.url,
  port: Number(process.env.BENCH_PORT ?? 3296),
});
try {
  const { userId, productIds } = database.reused
    ? await existingSeed(database.url)
    : await seed(database.url);
  const headers = { authorization: `Bearer ${accessToken(server.jwtSecret, userId)}` };
  // Each request of a "missed" scenario ends one day earlier than the previous: never in the cache.
  const year = (i, granularity) => `from=${day(365 + i)}&to=${day(1 + i)}&granularity=${granularity}`;
  const scenarios = [
    ["one year by week", (i) => year(i, "week")],
    ["one year by month", (i) => year(i, "month")],
    ["one year by day", (i) => year(i, "day")],
    ["one year, one product", (i) => `${year(i, "week")}&product_id=${productIds[i % productIds.length]}`],
    ["90 days by week", (i) => `from=${day(90 + i)}&to=${day(1 + i)}`],
    ["one year by week, cached", () => year(0, "week")],
  ];
  // Warm-up (not measured): the server's first requests compile its code paths and fill the
  // database's buffers; each asks for a period that no scenario asks for (no cache hit later).
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${server.base}/api/v1/company/insights/?${year(100 + i, "week")}`, { headers });
    await res.arrayBuffer();
  }
  const results = [];
  for (const [name, query] of scenarios) {
    const times = [];
    for (let i = 0; i < perScenario; i++) {
      const started = performance.now();
      const res = await fetch(`${server.base}/api/v1/company/insights/?${query(i)}`, { headers });
      const body = await res.json();
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      if (i === 0 && name === "one year by week")
        console.log(
          `  (one year: ${body.totals.reviews_submitted} reviews submitted, ${body.totals.requests_sent} requests sent)`,
        );
      times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    results.push({ name, p50: percentile(times, 0.5), p95: percentile(times, 0.95) });
  }
  console.log(
    `insights (PostgreSQL, ${ORDERS} orders and half as many reviews in one company, ${perScenario} requests each):`,
  );
  for (const r of results)
    console.log(`  ${r.name.padEnd(28)} p50 ${ms(r.p50).padStart(10)}  p95 ${ms(r.p95).padStart(10)}`);
  const yearP95 = Math.max(
    ...results.filter((r) => r.name.startsWith("one year") && !r.name.endsWith("cached")).map((r) => r.p95),
  );
  console.log(`  worst one-year p95 ${ms(yearP95)} — budget < 300 ms: ${yearP95 < 300 ? "OK" : "MISSED"}`);
} finally {
  await server.stop();
  if (!keep) await database.drop();
}
