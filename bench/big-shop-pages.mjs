// A big shop's public surfaces and its statistics (issue 43, part 3): one company with 1,000,000 reviews
// (900,000 product reviews on 1,000 products, a few best-sellers holding most; 100,000 store reviews),
// each from an order whose request e-mail was sent, over two years, against the built server on
// PostgreSQL. Every request is uncached: each asks for an address (page, filter, product, period) that
// the server has not painted yet, or one it cannot keep (a 404 past the last sitemap file, a streamed
// feed after its one-second head). Prints p50/p95 per scenario and the budgets:
//   - `/avis/{slug}` (store reviews), `/avis/{slug}/produits` (product reviews, 40,000+ pages), filtered
//     by note, first and deep pages (`?page=40000`, the last page, pages drawn all over the range), the
//     product pages (first and deep), the sitemap, the first byte and the first review of the Google
//     product reviews feed and of the merchant feed for that company: p95 < 50 ms;
//   - Statistiques (`/api/v1/company/insights/`) for one year: p95 < 300 ms, also just after a change of
//     the day (its rollups summed again first).
// Usage: node bench/big-shop-pages.mjs [requestsPerScenario=30] [--only=<part of a scenario's name>]
// (BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres: the server its database is made on).
// The rows are made with generate_series in a dedicated database (certavis_bench_big_shop, dropped at the
// end; KEEP_BENCH_DB=1 keeps it and reuses it on the next run: the seed takes minutes).
import pg from "pg";
import {
  accessToken,
  freshDatabase,
  insertCompanyWithOwner,
  insertOtherTenant,
  ms,
  percentile,
  startApiServer,
} from "./lib/api-server.mjs";

const flags = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith("--"))
    .map((arg) => {
      const [name, value = "1"] = arg.slice(2).split("=");
      return [name, value];
    }),
);
const perScenario = Number(process.argv.slice(2).find((arg) => !arg.startsWith("--")) ?? 30);
// One order every 63 s over two years; every order older than a week has its review: ~1,000,000.
const ORDERS = 1_010_000;
const ORDER_SPACING_SECONDS = 63;
const PRODUCTS = 1000;

async function seed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  const { companyId } = await insertCompanyWithOwner(client, { name: "Grande Maison" });
  // Moderated by Certavis: its store reviews go in Google's merchant feed.
  await client.query(
    `UPDATE companies SET moderation = 'certavis', website = 'https://grande-maison.fr' WHERE id = $1`,
    [companyId],
  );
  const { rows } = await client.query(
    `INSERT INTO products (company_id, name, status, sku, brand)
     SELECT $1, (ARRAY['Lampe','Applique','Suspension','Lampadaire','Bougeoir'])[1 + g % 5] || ' ' || g, 'active',
            'GM-' || g, 'Grande Maison'
     FROM generate_series(1, $2) g RETURNING id`,
    [companyId, PRODUCTS],
  );
  const productIds = rows.map((r) => r.id);
  const other = await insertOtherTenant(client);
  // Order g's product: the cube of a number spread over [0, 1) picks the first products far more often
  // (the best-seller holds about a tenth of the reviews, most products a few hundred).
  const productOf = (g) => `($2::uuid[])[1 + floor(array_length($2::uuid[], 1)
      * power(((${g}::bigint * 7919) % 1000003) / 1000003.0, 3))::int]`;
  const placeOrders = `
    WITH placed AS (
      INSERT INTO orders (company_id, product_id, reference, line, buyer_email, buyer_first_name, buyer_last_name,
                          order_date, review_key_hash, created_at)
      SELECT $1, ${productOf("g")}, 'CMD-' || g, 0, 'acheteur' || g || '@exemple.fr', 'Léa', 'Bernard',
             now() - make_interval(secs => g * ${ORDER_SPACING_SECONDS}), md5($1::uuid::text || g),
             now() - make_interval(secs => g * ${ORDER_SPACING_SECONDS})
      FROM generate_series($3::int, $4::int) g
      RETURNING id, order_date
    )
    INSERT INTO email_deliveries (company_id, order_id, kind, status, scheduled_at, sent_at, attempts)
    SELECT $1, id, 'request', 'sent', order_date + interval '3 days', order_date + interval '3 days', 1
    FROM placed WHERE order_date + interval '3 days' <= now()`;
  // One review per order older than a week: a store review every tenth order, else its product's; 5 %
  // rejected, pending only within the last 20 days (the publication job has nothing to do meanwhile).
  const answer = `
    INSERT INTO reviews (company_id, subject, product_id, order_id, rating, title, comment, author_first_name,
                         author_last_name, answers, status, created_at, moderated_at, reply_body, reply_created_at)
    SELECT $1, CASE WHEN g % 10 = 0 THEN 'store' ELSE 'product' END,
           CASE WHEN g % 10 = 0 THEN NULL ELSE product_id END, id, 1 + ((g * 31) % 9) / 2.0,
           CASE WHEN g % 4 = 0 THEN (ARRAY['Superbe','Bien','Décevant','Parfait'])[1 + g % 4] ELSE '' END,
           (ARRAY['Très belle lampe,','Livraison rapide,','Conforme à la description,','Un peu petite,',
                  'Superbe rendu,','Bon rapport qualité-prix,','Emballage soigné,','Couleur fidèle,',
                  'Montage simple,','Arrivée abîmée,','Lumière douce,','Service client réactif,'])[1 + (g * 7) % 12]
             || ' ' ||
           (ARRAY['je recommande.','rien à redire.','très satisfait.','mitigé.','à revoir.',
                  'parfait pour le salon.','deuxième achat.','cadeau réussi.'])[1 + (g * 11) % 8],
           (ARRAY['Léa','Hugo','Chloé','Lucas','Inès','Nathan','Manon','Théo','Camille','Jules'])[1 + (g * 3) % 10],
           (ARRAY['Bernard','Lefèvre','Moreau','Girard','Fontaine','Rousseau','Vincent','Mercier','Blanc',
                  'Garnier','Chevalier','Perrin','Robin'])[1 + (g * 5) % 13],
           jsonb_build_object('rating', 1 + ((g * 31) % 9) / 2.0),
           status, created_at,
           CASE WHEN status = 'pending' THEN NULL ELSE created_at + interval '6 hours' END,
           CASE WHEN g % 5 = 1 AND status = 'approved' THEN 'Merci pour votre avis !' END,
           CASE WHEN g % 5 = 1 AND status = 'approved' THEN created_at + make_interval(hours => 6 + g % 48) END
    FROM (
      SELECT id, product_id, g, order_date + interval '3 days' + make_interval(hours => g % 72) AS created_at,
             CASE WHEN g % 20 = 3 THEN 'rejected'
                  WHEN g % 20 = 7 AND order_date > now() - interval '20 days' THEN 'pending'
                  ELSE 'approved' END AS status
      FROM (SELECT id, product_id, order_date, split_part(reference, '-', 2)::int AS g
            FROM orders WHERE company_id = $1 AND order_date < now() - interval '7 days') o
      WHERE g BETWEEN $2 AND $3
    ) answered`;
  const chunk = 250_000;
  for (let from = 1; from <= ORDERS; from += chunk) {
    const to = Math.min(ORDERS, from + chunk - 1);
    await client.query(placeOrders, [companyId, productIds, from, to]);
    await client.query(answer, [companyId, from, to]);
    console.log(`  seeded orders ${from}–${to} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  // The other tenant: 20,000 orders and reviews that no answer of the measured company may show.
  await client.query(placeOrders, [other.companyId, [other.productId], 1, 20_000]);
  await client.query(answer, [other.companyId, 1, 20_000]);
  for (const table of [
    "orders",
    "reviews",
    "email_deliveries",
    "products",
    "review_stats",
    "store_review_stats",
    "insight_days",
    "insight_reply_hours",
  ])
    await client.query(`VACUUM ANALYZE ${table}`);
  const counts = await client.query(
    `SELECT count(*) FILTER (WHERE subject = 'product')::int AS product, count(*) FILTER (WHERE subject = 'store')::int AS store
     FROM reviews WHERE company_id = $1`,
    [companyId],
  );
  await client.end();
  const { product, store } = counts.rows[0];
  console.log(
    `seeded ${product + store} reviews (${product} of products, ${store} of the store) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Whether a database kept from an earlier run holds the shop (a run stopped during its seed did not). */
async function seeded(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    "SELECT count(*)::int AS n FROM reviews r JOIN companies c ON c.id = r.company_id WHERE c.name = 'Grande Maison'",
  );
  await client.end();
  return rows[0].n >= 900_000;
}

/**
 * Waits until the server has worked through what the seed left it to do in the background (Commandes'
 * states of a million new orders: a periodic task, about two minutes), so that no request is measured
 * beside it: a shop's usual state.
 */
async function settled(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    for (;;) {
      const { rows } = await client.query("SELECT count(*)::int AS n FROM order_request_states_stale");
      if (rows[0].n === 0) break;
      if (performance.now() - started > 600_000)
        throw new Error(`${rows[0].n} stale orders left after 10 min`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    // This machine's PostgreSQL may run without autovacuum: vacuum the queue as production's would.
    await client.query("VACUUM ANALYZE order_request_states_stale");
  } finally {
    await client.end();
  }
  const waited = (performance.now() - started) / 1000;
  if (waited > 3) console.log(`waited ${waited.toFixed(0)} s for the background work the seed left`);
}

/** The measured company, its owner, slug, products (most reviewed first) and its pages' counts. */
async function shop(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `SELECT c.id AS company_id, c.slug, m.user_id FROM companies c JOIN memberships m ON m.company_id = c.id
     WHERE c.name = 'Grande Maison'`,
  );
  const { company_id: companyId, slug, user_id: userId } = rows[0];
  const products = await client.query(
    `SELECT product_id AS id, sum(reviews)::int AS n FROM review_stats
     WHERE company_id = $1 AND status = 'approved' GROUP BY product_id ORDER BY n DESC`,
    [companyId],
  );
  const byNote = async (table, extra = "", values = []) =>
    (
      await client.query(
        `SELECT greatest(stars, 1) AS note, sum(reviews)::int AS n FROM ${table}
         WHERE company_id = $1 AND status = 'approved' ${extra} GROUP BY 1`,
        [companyId, ...values],
      )
    ).rows.reduce((counts, row) => Object.assign(counts, { [row.note]: row.n }), {});
  const productNotes = await byNote("review_stats");
  const storeNotes = await byNote("store_review_stats");
  const topNotes = await byNote("review_stats", "AND product_id = $2", [products.rows[0].id]);
  await client.end();
  return { companyId, slug, userId, products: products.rows, productNotes, storeNotes, topNotes };
}

/** Notes today's statistics of the company as changed (as a review or an e-mail of the day does). */
async function touchToday(url, companyId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `UPDATE insight_days SET replies = replies
     WHERE company_id = $1 AND day = (SELECT max(day) FROM insight_days WHERE company_id = $1)`,
    [companyId],
  );
  await client.end();
}

const pagesOf = (n) => Math.max(1, Math.ceil(n / 20));
const sum = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);

async function timed(url, { headers = {}, firstOf = null } = {}) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (!firstOf) {
    const body = await res.text();
    return { status: res.status, elapsed: performance.now() - started, body };
  }
  // A feed: the time to its first byte and to `firstOf` (its first review); the rest is not read.
  let first = null;
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of res.body ?? []) {
    first ??= performance.now() - started;
    text += decoder.decode(chunk, { stream: true });
    if (text.includes(firstOf)) break;
  }
  const found = performance.now() - started;
  await res.body?.cancel().catch(() => {});
  if (!text.includes(firstOf)) throw new Error(`${url}: no ${firstOf} in ${text.slice(0, 300)}`);
  return { status: res.status, elapsed: first, found, body: text };
}

const keep = process.env.KEEP_BENCH_DB === "1";
const database = await freshDatabase("certavis_bench_big_shop", { reuse: keep });
// The server migrates the database on start: the seed comes after.
const server = await startApiServer({
  databaseUrl: database.url,
  port: Number(process.env.BENCH_PORT ?? 3298),
});
try {
  if (!database.reused || !(await seeded(database.url))) await seed(database.url);
  await settled(database.url);
  const s = await shop(database.url);
  const headers = { authorization: `Bearer ${accessToken(server.jwtSecret, s.userId)}` };
  const productPages = pagesOf(sum(s.productNotes));
  const storePages = pagesOf(sum(s.storeNotes));
  const top = s.products[0];
  console.log(
    `shop: ${sum(s.productNotes)} published product reviews (${productPages} pages), ${sum(s.storeNotes)} store reviews (${storePages} pages), best-seller ${top.n} (${pagesOf(top.n)} pages), ${s.products.length} products reviewed`,
  );
  // Page numbers spread over 1..pages, never twice in a scenario (each is painted once: uncached).
  const spread = (pages, i) => 1 + Math.floor((((i * 7919 + 104_729) % 1_000_003) / 1_000_003) * pages);
  const deepest = (pages) => Math.min(40_000, pages);
  const notes = [1, 2, 3, 4, 5];
  const avis = `/avis/${s.slug}`;
  const day = (offsetDays) => new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);
  const feedQuery = `company_id=${s.companyId}`;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  // [name, budget, path(i), options]; each path is asked once (the page cache is keyed by address).
  const scenarios = [
    [
      "first pages, every view and note",
      50,
      (i) => {
        const view = [avis, `${avis}/produits`][i % 2];
        const note = [null, ...notes][Math.floor(i / 2) % 6];
        const page = 1 + Math.floor(i / 12);
        const q = new URLSearchParams();
        if (note) q.set("note", String(note));
        if (page > 1) q.set("page", String(page));
        return `${view}${q.size ? `?${q}` : ""}`;
      },
    ],
    [
      "/produits ?page=40000 and last",
      50,
      (i) => `${avis}/produits?page=${i % 2 === 0 ? deepest(productPages) - i : productPages - i}`,
    ],
    ["/produits pages all over", 50, (i) => `${avis}/produits?page=${spread(productPages, i)}`],
    [
      "/produits by note, pages all over",
      50,
      (i) => {
        const note = notes[i % 5];
        return `${avis}/produits?note=${note}&page=${spread(pagesOf(s.productNotes[note] ?? 0), i)}`;
      },
    ],
    ["store pages all over", 50, (i) => `${avis}?page=${spread(storePages, i)}`],
    [
      "store by note, pages all over",
      50,
      (i) => {
        const note = notes[i % 5];
        return `${avis}?note=${note}&page=${spread(pagesOf(s.storeNotes[note] ?? 0), i)}`;
      },
    ],
    ["product pages, first", 50, (i) => `${avis}/produits/${s.products[i % s.products.length].id}`],
    [
      "best-seller, pages all over",
      50,
      (i) => `${avis}/produits/${top.id}?page=${spread(pagesOf(top.n), i)}`,
    ],
    [
      "best-seller by note, all over",
      50,
      (i) => {
        const note = notes[i % 5];
        return `${avis}/produits/${top.id}?note=${note}&page=${spread(pagesOf(s.topNotes[note] ?? 0), i)}`;
      },
    ],
    ["sitemap index, first time", 50, () => "/sitemap.xml", { once: true }],
    ["sitemap file 1, first time", 50, () => "/sitemaps/1.xml", { once: true }],
    ["sitemap past the last (404)", 50, (i) => `/sitemaps/${2 + i}.xml`, { status: 404 }],
    [
      "reviews feed, first byte",
      50,
      () => `/api/v1/public/feeds/google-product-reviews.xml?${feedQuery}`,
      { firstOf: "<review>", pause: 1100, gzip: true },
    ],
    [
      "merchant feed, first byte",
      50,
      () => `/api/v1/public/feeds/google-merchant-reviews.xml?${feedQuery}`,
      { firstOf: "<review ", gzip: true },
    ],
    [
      "Statistiques, one year by week",
      300,
      (i) => `/api/v1/company/insights/?from=${day(365 + i)}&to=${day(1 + i)}&granularity=week`,
      { headers },
    ],
    [
      // A review or an e-mail of the day came in just before: its day and month are summed again first.
      "Statistiques, one year, after a change",
      300,
      (i) => `/api/v1/company/insights/?from=${day(365 + i)}&to=${day(0)}&granularity=week`,
      { headers, touch: true },
    ],
    [
      "Statistiques, one year by month",
      300,
      (i) => `/api/v1/company/insights/?from=${day(700 + i)}&to=${day(336 + i)}&granularity=month`,
      { headers },
    ],
  ];
  // Warm-up, not measured: the server's first requests compile its code paths (pages nobody asks later).
  for (let i = 0; i < 5; i++) {
    await timed(`${server.base}${avis}/produits?page=${7 + i}`);
    await timed(`${server.base}/api/v1/company/insights/?from=${day(500 + i)}&to=${day(200 + i)}`, {
      headers,
    });
  }
  const results = [];
  for (const [name, budget, path, options = {}] of scenarios) {
    if (flags.only && !name.toLowerCase().includes(flags.only.toLowerCase())) continue;
    const times = [];
    const firsts = [];
    const runs = options.once ? 1 : perScenario;
    for (let i = 0; i < runs; i++) {
      if (options.pause && i > 0) await sleep(options.pause);
      if (options.touch) await touchToday(database.url, s.companyId);
      const requestHeaders = {
        ...(options.headers ?? {}),
        "accept-encoding": options.gzip ? "gzip" : "identity",
      };
      const answer = await timed(`${server.base}${path(i)}`, {
        headers: requestHeaders,
        firstOf: options.firstOf,
      });
      if (answer.status !== (options.status ?? 200))
        throw new Error(`${name}: ${path(i)} answered ${answer.status} ${answer.body.slice(0, 200)}`);
      times.push(answer.elapsed);
      if (answer.found !== undefined) firsts.push(answer.found);
    }
    times.sort((a, b) => a - b);
    firsts.sort((a, b) => a - b);
    results.push({ name, budget, p50: percentile(times, 0.5), p95: percentile(times, 0.95), n: runs });
    if (firsts.length)
      results.push({
        name: name.replace("first byte", "first review"),
        budget,
        p50: percentile(firsts, 0.5),
        p95: percentile(firsts, 0.95),
        n: runs,
      });
  }
  console.log(
    `big shop (PostgreSQL, one company with 1,000,000 reviews, uncached, ${perScenario} requests each, load ${(await import("node:fs")).readFileSync("/proc/loadavg", "utf8").trim()}):`,
  );
  let missed = 0;
  for (const r of results) {
    const ok = r.p95 < r.budget;
    if (!ok) missed++;
    console.log(
      `  ${r.name.padEnd(34)} p50 ${ms(r.p50).padStart(9)}  p95 ${ms(r.p95).padStart(9)}  (n=${String(r.n).padStart(2)}, budget < ${r.budget} ms: ${ok ? "OK" : "MISSED"})`,
    );
  }
  console.log(missed ? `${missed} budget(s) missed` : "every budget holds");
} finally {
  await server.stop();
  if (!keep) await database.drop();
}
