// GET /api/v1/public/feeds/google-merchant-reviews.xml (Google's store-ratings feed, the whole service)
// on COMPANIES companies with REVIEWS published store reviews each (plus one withdrawn each), against the
// built server on PostgreSQL: time to first byte, whole transfer, size, and the server's peak memory
// (VmHWM) before and after; then a 304 and the `since` form. The feed is streamed: the peak must not
// grow with the feed.
// Usage: node bench/merchant-feed.mjs [companies=10000] [reviewsPerCompany=10]
// The rows are made with generate_series in a dedicated database (certavis_bench_merchant_feed, dropped
// at the end; KEEP_BENCH_DB=1 keeps it and reuses it).
import { readFileSync } from "node:fs";
import pg from "pg";
import { freshDatabase, startApiServer } from "./lib/api-server.mjs";

const COMPANIES = Number(process.argv[2] ?? 10_000);
const REVIEWS = Number(process.argv[3] ?? 10);
const port = 3297;

async function seed(client) {
  const started = performance.now();
  await client.query(
    `INSERT INTO companies (id, name, slug, website, plan_type, subscription_status)
     SELECT gen_random_uuid(), 'Boutique ' || g || ' & <Cie>', 'bench-boutique-' || g, 'https://boutique' || g || '.fr',
       'CROISSANCE', 'active'
     FROM generate_series(1, $1) g`,
    [COMPANIES],
  );
  await client.query(
    `INSERT INTO products (company_id, name, status) SELECT id, 'Lampe', 'active' FROM companies`,
  );
  // One order (its head line) per review, its request e-mail sent, and the store review written 3 days later.
  await client.query(
    `INSERT INTO orders (company_id, product_id, reference, line, buyer_email, buyer_first_name, buyer_last_name,
                        order_date, review_key_hash)
     SELECT p.company_id, p.id, 'CMD-' || g, 0, 'acheteur' || g || '@exemple.fr', 'Léa', 'Bernard',
       now() - make_interval(days => 10 + g % 300), md5(p.company_id::text || g)
     FROM products p, generate_series(0, $1) g`,
    [REVIEWS],
  );
  await client.query(
    `INSERT INTO email_deliveries (company_id, order_id, kind, status, scheduled_at, sent_at)
     SELECT company_id, id, 'request', 'sent', order_date + interval '3 days', order_date + interval '3 days'
     FROM orders`,
  );
  await client.query(
    `INSERT INTO reviews (company_id, subject, order_id, rating, title, comment, author_first_name,
                         author_last_name, status, created_at, withdrawn_at)
     SELECT o.company_id, 'store', o.id, 1 + (hashtext(o.id::text) & 3), 'Très bien',
       'Livraison rapide & soignée <3 😀 ' || o.reference, 'Léa', 'Bernard',
       CASE WHEN o.reference = 'CMD-0' THEN 'withdrawn' ELSE 'approved' END,
       o.order_date + interval '6 days',
       CASE WHEN o.reference = 'CMD-0' THEN o.order_date + interval '8 days' END
     FROM orders o`,
  );
  await client.query("VACUUM ANALYZE");
  console.log(
    `seeded ${COMPANIES} companies × ${REVIEWS} published store reviews (+1 withdrawn) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const peak = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmHWM:"));
  return line ? `${Math.round(Number(line.replace(/\D/g, "")) / 1024)} MB` : "?";
};

async function fetchFeed(url, headers = {}) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  let first = null;
  let bytes = 0;
  let merchants = 0;
  let reviews = 0;
  const decoder = new TextDecoder();
  // A tag may straddle two chunks: the end of each chunk is kept for the next.
  let tail = "";
  for await (const chunk of res.body ?? []) {
    first ??= performance.now() - started;
    bytes += chunk.length;
    const text = tail + decoder.decode(chunk, { stream: true });
    const cut = Math.max(0, text.lastIndexOf("<"));
    merchants += text.slice(0, cut).split("<merchant id=").length - 1;
    reviews += text.slice(0, cut).split("<review id=").length - 1;
    tail = text.slice(cut);
  }
  merchants += tail.split("<merchant id=").length - 1;
  reviews += tail.split("<review id=").length - 1;
  return {
    status: res.status,
    etag: res.headers.get("etag"),
    first,
    total: performance.now() - started,
    bytes,
    merchants,
    reviews,
  };
}

const keep = process.env.KEEP_BENCH_DB === "1";
const database = await freshDatabase("certavis_bench_merchant_feed", { reuse: keep });
const server = await startApiServer({ databaseUrl: database.url, port });
const client = new pg.Client({ connectionString: database.url });
await client.connect();
try {
  if (!database.reused) await seed(client);
  const url = `${server.base}/api/v1/public/feeds/google-merchant-reviews.xml`;
  console.log(`server peak memory before: ${peak(server.pid)}`);
  const whole = await fetchFeed(url);
  console.log(
    `whole feed: ${whole.status}, ${whole.merchants} merchants, ${whole.reviews} reviews, ${(whole.bytes / 1e6).toFixed(1)} MB, first byte ${whole.first?.toFixed(0)} ms, all ${(whole.total / 1000).toFixed(1)} s`,
  );
  console.log(`server peak memory after: ${peak(server.pid)}`);
  const again = await fetchFeed(url, { "if-none-match": whole.etag ?? "" });
  console.log(`revalidation: ${again.status} in ${again.total.toFixed(0)} ms`);
  const zipped = await fetchFeed(url, { "accept-encoding": "gzip" });
  console.log(`gzipped: ${(zipped.bytes / 1e6).toFixed(1)} MB in ${(zipped.total / 1000).toFixed(1)} s`);
  const since = await fetchFeed(
    `${url}?since=${encodeURIComponent(new Date(Date.now() - 30 * 86_400_000).toISOString())}`,
  );
  console.log(
    `since 30 days: ${since.merchants} merchants, ${since.reviews} reviews in ${(since.total / 1000).toFixed(1)} s`,
  );
  console.log(`server peak memory at the end: ${peak(server.pid)}`);
} finally {
  await client.end();
  await server.stop();
  if (!keep) await database.drop();
}
