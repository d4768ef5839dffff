// The e-mail queue: 10,000 orders whose request e-mail falls due at the same instant, drained by the
// built server's mail worker (PostgreSQL, its default 4 loops) to a local SMTP server (smtp-server):
// e-mails per second, none lost, none sent twice. Budget (ARCHITECTURE §8): ≥ 200 e-mails/s.
// Usage: node bench/mail-queue.mjs [orders=10000] [companies=5]
// Orders are spread over EXPANSION companies (4,000 e-mails a month each), round robin.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { freshDatabase, insertCompanyWithOwner, startApiServer } from "./lib/api-server.mjs";

const total = Number(process.argv[2] ?? 10_000);
const companyCount = Number(process.argv[3] ?? 5);
const DUE_IN_MS = 8000;

const received = new Map();
let firstAt = 0;
let lastAt = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  disableReverseLookup: true,
  logger: false,
  size: 1024 * 1024,
  onData(stream, session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      for (const rcpt of session.envelope.rcptTo)
        received.set(rcpt.address, (received.get(rcpt.address) ?? 0) + 1);
      lastAt = Date.now();
      firstAt ||= lastAt;
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;

const database = await freshDatabase("certavis_bench_mail");
const server = await startApiServer({ databaseUrl: database.url, port: 3296, smtpUrl });
try {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const products = [];
  for (let c = 0; c < companyCount; c++) {
    const { companyId } = await insertCompanyWithOwner(client, { name: `Boutique ${c + 1}` });
    const { rows: templates } = await client.query(
      `INSERT INTO email_templates (company_id, name, subject, body, type, send_after, is_default)
       VALUES ($1, 'Demande d''avis', 'Votre avis sur {{ nom_produit }}',
               'Bonjour {{ prenom_acheteur }}, donnez votre avis : {{ url_avis }}', 'request', 3, true)
       RETURNING id`,
      [companyId],
    );
    const { rows } = await client.query(
      `INSERT INTO products (company_id, name, status, email_request_template_id)
       VALUES ($1, 'Lampe Aurore', 'active', $2) RETURNING id`,
      [companyId, templates[0].id],
    );
    products.push({ companyId, productId: rows[0].id });
  }
  // Orders round robin over the companies, each with its request e-mail due at the same instant.
  const { rows: due } = await client.query(`SELECT now() + make_interval(secs => $1::float / 1000) AS at`, [
    DUE_IN_MS,
  ]);
  const dueAt = new Date(due[0].at).getTime();
  await client.query(
    `WITH input AS (
       SELECT g, ($1::uuid[])[1 + g % $3] AS company_id, ($2::uuid[])[1 + g % $3] AS product_id
       FROM generate_series(0, $4 - 1) g
     ), created AS (
       INSERT INTO orders (company_id, product_id, reference, buyer_email, buyer_first_name, buyer_last_name,
                           order_date, review_key_hash, review_key_expires_at)
       SELECT company_id, product_id, 'CMD-' || g, 'acheteur-' || g || '@bench.test', 'Léa', 'Bernard',
              now() - interval '3 days', md5($5 || g), now() + interval '90 days'
       FROM input ORDER BY g
       RETURNING id, company_id
     )
     INSERT INTO email_deliveries (company_id, order_id, kind, status, scheduled_at)
     SELECT company_id, id, 'request', 'scheduled', $6::timestamptz FROM created`,
    [
      products.map((p) => p.companyId),
      products.map((p) => p.productId),
      companyCount,
      total,
      randomUUID(),
      new Date(dueAt).toISOString(),
    ],
  );
  await client.query("ANALYZE");
  const wait = dueAt - Date.now();
  if (wait < 0) throw new Error("seeding took longer than the due delay; raise DUE_IN_MS");

  const deadline = dueAt + 15 * 60_000;
  while (received.size < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  await new Promise((r) => setTimeout(r, 3000)); // a late duplicate would show up now
  const seconds = (lastAt - dueAt) / 1000;
  const sentTwice = [...received.values()].filter((n) => n > 1).length;
  const lost = total - received.size;
  const { rows: states } = await client.query(
    "SELECT status, count(*)::int AS n FROM email_deliveries GROUP BY status ORDER BY status",
  );
  await client.end();
  const rate = received.size / seconds;
  console.log(
    `mail queue (PostgreSQL, ${total} request e-mails due at once over ${companyCount} companies, local SMTP): ` +
      `${received.size} received in ${seconds.toFixed(1)} s from the due instant (first after ` +
      `${((firstAt - dueAt) / 1000).toFixed(1)} s) = ${Math.round(rate)} e-mails/s, ` +
      `${lost} lost, ${sentTwice} sent twice; deliveries ${states.map((s) => `${s.status} ${s.n}`).join(", ")} — ` +
      `budget ≥ 200 e-mails/s, none lost, none twice: ${rate >= 200 && lost === 0 && sentTwice === 0 ? "OK" : "MISSED"}`,
  );
} finally {
  await server.stop();
  await database.drop();
  await new Promise((resolve) => smtp.close(resolve));
}
