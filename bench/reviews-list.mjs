// GET /api/v1/company/reviews/ (the back-office reviews page) with its filters on 1,000,000 reviews
// of one company, against the built server on PostgreSQL: p50/p95 latency per page, sequential
// requests. Budget (ARCHITECTURE §8): p95 < 50 ms per page.
// Usage: node bench/reviews-list.mjs [requestsPerScenario=40]
// The rows are made with generate_series in a dedicated database (certavis_bench_reviews, dropped at
// the end; KEEP_BENCH_DB=1 keeps it and reuses it on the next run).
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
import { measurePages } from "./lib/page-latency.mjs";

const perScenario = Number(process.argv[2] ?? 40);
const REVIEWS = 1_000_000;
const PRODUCTS = 50;

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
  const other = await insertOtherTenant(client);
  const insert = `
    INSERT INTO reviews (company_id, product_id, rating, title, comment, author_first_name, author_last_name,
                         answers, status, created_at)
    SELECT $1, ($2::uuid[])[1 + (g * 17) % array_length($2::uuid[], 1)],
           1 + ((g * 31) % 9) / 2.0,
           CASE WHEN g % 4 = 0 THEN (ARRAY['Superbe','Bien','Décevant','Parfait'])[1 + g % 4] ELSE '' END,
           (ARRAY['Très belle lampe,','Livraison rapide,','Conforme à la description,','Un peu petite,',
                  'Superbe rendu,','Bon rapport qualité-prix,','Emballage soigné,','Couleur fidèle,',
                  'Montage simple,','Arrivée abîmée,','Lumière douce,','Service client réactif,'])[1 + (g * 7) % 12]
             || ' ' ||
           (ARRAY['je recommande.','rien à redire.','très satisfait.','mitigé.','à revoir.',
                  'parfait pour le salon.','deuxième achat.','cadeau réussi.'])[1 + (g * 11) % 8]
             || CASE WHEN g % 10000 = 7 THEN ' Vue sur le Kilimandjaro.' ELSE '' END,
           (ARRAY['Léa','Hugo','Chloé','Lucas','Inès','Nathan','Manon','Théo','Camille','Jules'])[1 + (g * 3) % 10],
           (ARRAY['Bernard','Lefèvre','Moreau','Girard','Fontaine','Rousseau','Vincent','Mercier','Blanc',
                  'Garnier','Chevalier','Perrin','Robin'])[1 + (g * 5) % 13],
           jsonb_build_object('rating', 1 + ((g * 31) % 9) / 2.0),
           CASE WHEN g % 10 < 7 THEN 'approved' WHEN g % 10 < 9 THEN 'pending' ELSE 'rejected' END,
           now() - make_interval(secs => g * 90)
    FROM generate_series($3::int, $4::int) g`;
  const count = await insertRowsOfBothTenants(client, {
    table: "reviews",
    insert,
    count: REVIEWS,
    companyId,
    productIds,
    other,
  });
  await client.end();
  console.log(`seeded ${count} reviews in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { companyId, userId, productIds };
}

async function existingSeed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { companyId, userId } = await grandeMaison(client);
  const products = await client.query("SELECT id FROM products WHERE company_id = $1", [companyId]);
  await client.end();
  return { companyId, userId, productIds: products.rows.map((r) => r.id) };
}

const keep = process.env.KEEP_BENCH_DB === "1";
const database = await freshDatabase("certavis_bench_reviews", { reuse: keep });
const server = await startApiServer({ databaseUrl: database.url, port: 3295 });
try {
  const { userId, productIds } = database.reused
    ? await existingSeed(database.url)
    : await seed(database.url);
  const headers = { authorization: `Bearer ${accessToken(server.jwtSecret, userId)}` };
  const pick = (list, i) => list[(i * 7919) % list.length];
  const scenarios = [
    ["first page, limit 200", () => "limit=200"],
    ["pages of 20 (offset ≤ 1000)", (i) => `limit=20&offset=${20 * ((i * 13) % 51)}`],
    ["status", (i) => `limit=200&status=${pick(["pending", "approved", "rejected"], i)}`],
    ["rating", (i) => `limit=200&rating=${1 + (i % 5)}`],
    ["product", (i) => `limit=200&product_id=${pick(productIds, i)}`],
    [
      "product + status + rating",
      (i) => `limit=200&product_id=${pick(productIds, i)}&status=approved&rating=${1 + (i % 5)}`,
    ],
    [
      "search, common word",
      (i) => `limit=200&search=${encodeURIComponent(pick(["livraison", "lampe", "soigné"], i))}`,
    ],
    [
      "search, author name",
      (i) => `limit=200&search=${encodeURIComponent(pick(["Garnier", "Chloé Moreau"], i))}`,
    ],
    [
      "search, product name",
      (i) => `limit=200&search=${encodeURIComponent(pick(["Applique 7", "Lampadaire"], i))}`,
    ],
    ["search, rare word", () => "limit=200&search=kilimandjaro"],
    ["status + search", (i) => `limit=200&status=pending&search=${pick(["rapide", "salon"], i)}`],
  ];
  await measurePages({
    title: `reviews list (PostgreSQL, ${REVIEWS} reviews in one company, ${perScenario} requests each)`,
    url: `${server.base}/api/v1/company/reviews/`,
    headers,
    scenarios,
    perScenario,
  });
} finally {
  await server.stop();
  if (!keep) await database.drop();
}
